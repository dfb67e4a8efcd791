import Foundation

extension ProgressManager {
    /// What the manager reports to its `GamificationLogger` (upstream's names and parameters).
    enum Event: GamificationLogEvent {
        case bulkLoadStart
        case bulkLoadSuccess(count: Int)
        case bulkLoadFail(error: any Error)
        case remoteListenerStart
        case remoteListenerSuccess(id: String)
        case remoteListenerFail(error: any Error)
        case saveLocalSuccess(id: String)
        case saveLocalFail(error: any Error)
        case addProgressStart(id: String, value: Double)
        case addProgressSuccess(id: String, value: Double)
        case addProgressPendingRetry(id: String, value: Double)
        case addProgressFail(error: any Error)
        case deleteProgressStart(id: String)
        case deleteProgressSuccess(id: String)
        case deleteProgressFail(error: any Error)
        case deleteAllProgressStart
        case deleteAllProgressSuccess
        case deleteAllProgressFail(error: any Error)
        case uploadPendingWritesStart(count: Int)
        case uploadPendingWritesSuccess(successCount: Int, failCount: Int)
        case uploadPendingWritesFail(count: Int)
        case uploadPendingWriteItemFail(id: String, error: any Error)

        var eventName: String {
            switch self {
            case .bulkLoadStart: return "ProgressMan_BulkLoad_Start"
            case .bulkLoadSuccess: return "ProgressMan_BulkLoad_Success"
            case .bulkLoadFail: return "ProgressMan_BulkLoad_Fail"
            case .remoteListenerStart: return "ProgressMan_RemoteListener_Start"
            case .remoteListenerSuccess: return "ProgressMan_RemoteListener_Success"
            case .remoteListenerFail: return "ProgressMan_RemoteListener_Fail"
            case .saveLocalSuccess: return "ProgressMan_SaveLocal_Success"
            case .saveLocalFail: return "ProgressMan_SaveLocal_Fail"
            case .addProgressStart: return "ProgressMan_AddProgress_Start"
            case .addProgressSuccess: return "ProgressMan_AddProgress_Success"
            case .addProgressPendingRetry: return "ProgressMan_AddProgress_PendingRetry"
            case .addProgressFail: return "ProgressMan_AddProgress_Fail"
            case .deleteProgressStart: return "ProgressMan_DeleteProgress_Start"
            case .deleteProgressSuccess: return "ProgressMan_DeleteProgress_Success"
            case .deleteProgressFail: return "ProgressMan_DeleteProgress_Fail"
            case .deleteAllProgressStart: return "ProgressMan_DeleteAllProgress_Start"
            case .deleteAllProgressSuccess: return "ProgressMan_DeleteAllProgress_Success"
            case .deleteAllProgressFail: return "ProgressMan_DeleteAllProgress_Fail"
            case .uploadPendingWritesStart: return "ProgressMan_UploadPendingWrites_Start"
            case .uploadPendingWritesSuccess: return "ProgressMan_UploadPendingWrites_Success"
            case .uploadPendingWritesFail: return "ProgressMan_UploadPendingWrites_Fail"
            case .uploadPendingWriteItemFail: return "ProgressMan_UploadPendingWriteItem_Fail"
            }
        }

        var parameters: [String: Any]? {
            switch self {
            case .bulkLoadStart, .remoteListenerStart, .deleteAllProgressStart, .deleteAllProgressSuccess: return nil
            case .bulkLoadSuccess(let count): return ["progress_count": count]
            case .remoteListenerSuccess(let id), .saveLocalSuccess(let id), .deleteProgressStart(let id), .deleteProgressSuccess(let id):
                return ["progress_id": id]
            case .addProgressStart(let id, let value), .addProgressSuccess(let id, let value), .addProgressPendingRetry(let id, let value):
                return ["progress_id": id, "progress_value": value]
            case .uploadPendingWritesStart(let count), .uploadPendingWritesFail(let count): return ["pending_writes_count": count]
            case .uploadPendingWritesSuccess(let successCount, let failCount): return ["success_count": successCount, "fail_count": failCount]
            case .uploadPendingWriteItemFail(let id, let error): return ["progress_id": id, "error": error.localizedDescription]
            case .bulkLoadFail(let error), .remoteListenerFail(let error), .saveLocalFail(let error), .addProgressFail(let error),
                 .deleteProgressFail(let error), .deleteAllProgressFail(let error):
                return ["error": error.localizedDescription]
            }
        }

        var type: GamificationLogType {
            switch self {
            case .uploadPendingWritesSuccess: return .analytic
            case .bulkLoadFail, .remoteListenerFail, .saveLocalFail, .addProgressFail, .deleteProgressFail, .deleteAllProgressFail,
                 .uploadPendingWritesFail, .uploadPendingWriteItemFail:
                return .severe
            default: return .info
            }
        }
    }
}
