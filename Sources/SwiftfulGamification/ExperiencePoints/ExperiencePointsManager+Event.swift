import Foundation

extension ExperiencePointsManager {
    /// What the manager reports to its `GamificationLogger` (upstream's names and parameters).
    enum Event: GamificationLogEvent {
        case remoteListenerStart
        case remoteListenerSuccess(data: CurrentExperiencePointsData)
        case remoteListenerFail(error: any Error)
        case saveLocalStart(data: CurrentExperiencePointsData)
        case saveLocalSuccess(data: CurrentExperiencePointsData)
        case saveLocalFail(error: any Error)
        case calculateXPStart
        case calculateXPSuccess(data: CurrentExperiencePointsData)
        case calculateXPFail(error: any Error)
        case addExperiencePointsStart(event: ExperiencePointsEvent)
        case addExperiencePointsSuccess(event: ExperiencePointsEvent)
        case addExperiencePointsFail(error: any Error)

        var eventName: String {
            switch self {
            case .remoteListenerStart: return "XPMan_RemoteListener_Start"
            case .remoteListenerSuccess: return "XPMan_RemoteListener_Success"
            case .remoteListenerFail: return "XPMan_RemoteListener_Fail"
            case .saveLocalStart: return "XPMan_SaveLocal_Start"
            case .saveLocalSuccess: return "XPMan_SaveLocal_Success"
            case .saveLocalFail: return "XPMan_SaveLocal_Fail"
            case .calculateXPStart: return "XPMan_CalculateXP_Start"
            case .calculateXPSuccess: return "XPMan_CalculateXP_Success"
            case .calculateXPFail: return "XPMan_CalculateXP_Fail"
            case .addExperiencePointsStart: return "XPMan_AddExperiencePoints_Start"
            case .addExperiencePointsSuccess: return "XPMan_AddExperiencePoints_Success"
            case .addExperiencePointsFail: return "XPMan_AddExperiencePoints_Fail"
            }
        }

        var parameters: [String: Any]? {
            switch self {
            case .remoteListenerStart, .calculateXPStart: return nil
            case .remoteListenerSuccess(let data), .saveLocalStart(let data), .saveLocalSuccess(let data), .calculateXPSuccess(let data):
                return data.eventParameters
            case .addExperiencePointsStart(let event), .addExperiencePointsSuccess(let event): return event.eventParameters
            case .remoteListenerFail(let error), .saveLocalFail(let error), .calculateXPFail(let error), .addExperiencePointsFail(let error):
                return ["error": error.localizedDescription]
            }
        }

        var type: GamificationLogType {
            switch self {
            case .remoteListenerFail, .saveLocalFail, .calculateXPFail, .addExperiencePointsFail: return .severe
            default: return .info
            }
        }
    }
}
