import DashboardDemo
import Foundation

let newYork = demoZone
typealias Fixture = DemoStreaks
