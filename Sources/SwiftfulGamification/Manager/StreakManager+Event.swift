import Foundation

extension StreakManager {
    /// What the manager reports to its `GamificationLogger`.
    enum Event: GamificationLogEvent {
        case remoteListenerStart
        case remoteListenerSuccess(streak: CurrentStreakData)
        case remoteListenerFail(error: any Error)
        case saveLocalStart(streak: CurrentStreakData)
        case saveLocalSuccess(streak: CurrentStreakData)
        case saveLocalFail(error: any Error)
        case calculateStreakStart
        case calculateStreakSuccess(streak: CurrentStreakData)
        case calculateStreakFail(error: any Error)
        case freezeAutoConsumed(consumption: FreezeConsumption)
        case freezeManuallyConsumed(consumption: FreezeConsumption)
        case addStreakEventStart(event: StreakEvent)
        case addStreakEventSuccess(event: StreakEvent)
        case addStreakEventFail(error: any Error)
        case addStreakFreezeStart(freezeId: String)
        case addStreakFreezeSuccess(freezeId: String)
        case addStreakFreezeFail(error: any Error)
        case useStreakFreezesStart
        case useStreakFreezesSuccess(count: Int)
        case useStreakFreezesFail(error: any Error)
        case addSkipStart(days: [CalendarDay])
        case addSkipSuccess(days: [CalendarDay])
        case addSkipFail(error: any Error)
        case removeSkipStart(days: [CalendarDay])
        case removeSkipSuccess(days: [CalendarDay])
        case removeSkipFail(error: any Error)
        case setNoteStart(day: CalendarDay)
        case setNoteSuccess(day: CalendarDay)
        case setNoteFail(error: any Error)
        case removeNoteStart(day: CalendarDay)
        case removeNoteSuccess(day: CalendarDay)
        case removeNoteFail(error: any Error)
        case notice(StreakNotice)

        var eventName: String {
            switch self {
            case .remoteListenerStart: return "StreakMan_RemoteListener_Start"
            case .remoteListenerSuccess: return "StreakMan_RemoteListener_Success"
            case .remoteListenerFail: return "StreakMan_RemoteListener_Fail"
            case .saveLocalStart: return "StreakMan_SaveLocal_Start"
            case .saveLocalSuccess: return "StreakMan_SaveLocal_Success"
            case .saveLocalFail: return "StreakMan_SaveLocal_Fail"
            case .calculateStreakStart: return "StreakMan_CalculateStreak_Start"
            case .calculateStreakSuccess: return "StreakMan_CalculateStreak_Success"
            case .calculateStreakFail: return "StreakMan_CalculateStreak_Fail"
            case .freezeAutoConsumed: return "StreakMan_Freeze_AutoConsumed"
            case .freezeManuallyConsumed: return "StreakMan_Freeze_ManuallyConsumed"
            case .addStreakEventStart: return "StreakMan_AddStreakEvent_Start"
            case .addStreakEventSuccess: return "StreakMan_AddStreakEvent_Success"
            case .addStreakEventFail: return "StreakMan_AddStreakEvent_Fail"
            case .addStreakFreezeStart: return "StreakMan_AddStreakFreeze_Start"
            case .addStreakFreezeSuccess: return "StreakMan_AddStreakFreeze_Success"
            case .addStreakFreezeFail: return "StreakMan_AddStreakFreeze_Fail"
            case .useStreakFreezesStart: return "StreakMan_UseStreakFreezes_Start"
            case .useStreakFreezesSuccess: return "StreakMan_UseStreakFreezes_Success"
            case .useStreakFreezesFail: return "StreakMan_UseStreakFreezes_Fail"
            case .addSkipStart: return "StreakMan_AddSkip_Start"
            case .addSkipSuccess: return "StreakMan_AddSkip_Success"
            case .addSkipFail: return "StreakMan_AddSkip_Fail"
            case .removeSkipStart: return "StreakMan_RemoveSkip_Start"
            case .removeSkipSuccess: return "StreakMan_RemoveSkip_Success"
            case .removeSkipFail: return "StreakMan_RemoveSkip_Fail"
            case .setNoteStart: return "StreakMan_SetNote_Start"
            case .setNoteSuccess: return "StreakMan_SetNote_Success"
            case .setNoteFail: return "StreakMan_SetNote_Fail"
            case .removeNoteStart: return "StreakMan_RemoveNote_Start"
            case .removeNoteSuccess: return "StreakMan_RemoveNote_Success"
            case .removeNoteFail: return "StreakMan_RemoveNote_Fail"
            case .notice(let notice): return notice.eventName
            }
        }

        var parameters: [String: Any]? {
            switch self {
            case .remoteListenerSuccess(let streak), .saveLocalStart(let streak), .saveLocalSuccess(let streak),
                 .calculateStreakSuccess(let streak):
                return streak.eventParameters
            case .freezeAutoConsumed(let consumption), .freezeManuallyConsumed(let consumption):
                return ["freeze_id": consumption.freezeId, "frozen_date": consumption.date.timeIntervalSince1970, "frozen_day": consumption.day.description]
            case .addStreakEventStart(let event), .addStreakEventSuccess(let event):
                return event.eventParameters
            case .addStreakFreezeStart(let freezeId), .addStreakFreezeSuccess(let freezeId):
                return ["freeze_id": freezeId]
            case .useStreakFreezesSuccess(let count):
                return ["freezes_used_count": count]
            case .addSkipStart(let days), .addSkipSuccess(let days), .removeSkipStart(let days), .removeSkipSuccess(let days):
                return ["skip_first_day": days.first?.description ?? "", "skip_day_count": days.count]
            case .setNoteStart(let day), .setNoteSuccess(let day), .removeNoteStart(let day), .removeNoteSuccess(let day):
                // The day only: a note's text is the person's own words, not analytics.
                return ["note_day": day.description]
            case .remoteListenerFail(let error), .saveLocalFail(let error), .calculateStreakFail(let error),
                 .addStreakEventFail(let error), .addStreakFreezeFail(let error), .useStreakFreezesFail(let error),
                 .addSkipFail(let error), .removeSkipFail(let error), .setNoteFail(let error), .removeNoteFail(let error):
                return ["error": error.localizedDescription]
            case .notice(let notice):
                return notice.eventParameters
            case .remoteListenerStart, .calculateStreakStart, .useStreakFreezesStart:
                return nil
            }
        }

        var type: GamificationLogType {
            switch self {
            case .remoteListenerFail, .saveLocalFail, .calculateStreakFail, .addStreakEventFail,
                 .addStreakFreezeFail, .useStreakFreezesFail, .addSkipFail, .removeSkipFail, .setNoteFail, .removeNoteFail:
                return .severe
            case .remoteListenerStart, .saveLocalStart, .calculateStreakStart, .addStreakEventStart,
                 .addStreakFreezeStart, .useStreakFreezesStart, .addSkipStart, .removeSkipStart, .setNoteStart, .removeNoteStart:
                return .info
            default:
                return .analytic
            }
        }
    }
}
