import Foundation
import Testing
@testable import SwiftfulGamification

/// Titles (issue 32): any text up to 80 characters, kept apart from the key, and the key a
/// title makes.
struct TitleTests {
    @Test(arguments: [
        ("Stretch in the morning", "stretch_in_the_morning"),
        ("Café au lait!", "cafe_au_lait"),
        ("No-Sugar", "no_sugar"),
        ("  Floss  ", "floss"),
        ("Read 20 pages", "read_20_pages"),
        ("日本語の勉強", "streak"),
        ("🏃 Run 5 km", "run_5_km"),
        ("Übung — Ölfarben", "ubung_olfarben"),
    ])
    func aTitleMakesAKey(title: String, key: String) throws {
        #expect(StreakValidation.derivedKey(fromTitle: title) == key)
        try StreakValidation.validateStreakKey(StreakValidation.derivedKey(fromTitle: title))
    }

    @Test func aKeyTakenIsNumbered() {
        #expect(StreakValidation.derivedKey(fromTitle: "Floss", taken: ["floss"]) == "floss_2")
        #expect(StreakValidation.derivedKey(fromTitle: "Floss", taken: ["floss", "floss_2"]) == "floss_3")
        let long = String(repeating: "word ", count: 30)
        #expect(StreakValidation.derivedKey(fromTitle: long, taken: [StreakValidation.derivedKey(fromTitle: long)]).utf8.count <= 64)
    }

    @Test func titlesAreCheckedAndKeptAcrossChanges() throws {
        let titled = StreakConfiguration(streakKey: "stretch").titled("  Stretch in the morning ")
        #expect(titled.title == "Stretch in the morning")
        #expect(titled.displayName == "Stretch in the morning")
        #expect(StreakConfiguration(streakKey: "stretch").titled("   ").title == nil)
        #expect(titled.with(eventsRequiredPerDay: 2).title == titled.title)
        #expect(titled.renamed(to: "yoga").title == titled.title)
        #expect(throws: StreakRuleError.invalidTitle(String(repeating: "é", count: 81))) {
            try StreakConfiguration(streakKey: "x").titled(String(repeating: "é", count: 81)).validate()
        }
        try StreakConfiguration(streakKey: "x").titled(String(repeating: "é", count: 80)).validate()
        #expect(throws: StreakRuleError.invalidTitle("a\u{7}b")) { try StreakConfiguration(streakKey: "x").titled("a\u{7}b").validate() }
        let (changed, _) = try titled.changingSettings(goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil, details: StreakDetails(title: ""), history: [], at: Date())
        #expect(changed.title == nil)
    }

    @Test func aTitleIsStoredAsJSONAndReadBack() throws {
        let titled = StreakConfiguration(streakKey: "tea").titled("Thé vert 🍵")
        let data = try JSONEncoder().encode(titled)
        #expect(String(decoding: data, as: UTF8.self).contains("\"title\""))
        #expect(try JSONDecoder().decode(StreakConfiguration.self, from: data) == titled)
        let untitled = try JSONEncoder().encode(StreakConfiguration(streakKey: "tea"))
        #expect(!String(decoding: untitled, as: UTF8.self).contains("title"))
    }

    @Test func aRefusedKeySuggestsTheKeyItsTextMakes() {
        let message = StreakRuleError.invalidStreakKey("No-Sugar").errorDescription ?? ""
        #expect(message.hasSuffix("such as 'no_sugar'."))
    }
}
