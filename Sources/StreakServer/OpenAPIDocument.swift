import Foundation

/// The API's description (`openapi.yaml`, compiled in), served at `GET /v1/openapi.yaml`;
/// `StreakServerTests` checks every route in it against the API.
enum OpenAPIDocument {
    static let yaml = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)
}
