import Foundation
import StreakPresentation
import SwiftfulGamification

/// `T`: what is left today, over the screen: the streaks due and not kept yet, most urgent
/// first (the same `TodayList` as `streaks today`), then the kept ones dimmed. ↑/↓ choose,
/// Space logs the chosen one today (asking how much where it measures an amount), Enter
/// goes to it, Esc or T closes.
public struct TodayPanel: Equatable, Sendable {
    /// The chosen row, among every item (to do, then kept).
    public var index = 0

    public init(index: Int = 0) {
        self.index = index
    }

    /// The list from what the screen has: every delivered streak, in the overview's order.
    static func list(_ state: DashboardState) -> TodayList {
        TodayList(state.displayKeys.compactMap { state.views[$0]?.evaluation }, now: state.now, zone: state.zone)
    }

    static func mark(_ standing: TodayList.Standing, ascii: Bool) -> String {
        switch standing {
        case .atRisk: "!"
        case .broken: ascii ? "x" : "✗"
        case .notStarted: ascii ? "-" : "·"
        case .weekOpen: "~"
        case .kept: ascii ? "v" : "✓"
        }
    }

    func lines(_ state: DashboardState, list: TodayList) -> [DayDetail.Line] {
        let width = list.items.map(\.name.count).max() ?? 0
        let selection = state.glyphs.selection
        // What is left, in whole facts that fit the box beside the mark and the name.
        func detail(_ item: TodayList.Item) -> String {
            TextWrap.fitted(item.detail.components(separatedBy: " · "), separator: state.glyphs.dot, width: state.width - 8 - (4 + width + 2))
        }
        func row(_ item: TodayList.Item, at position: Int) -> DayDetail.Line {
            let chosen = position == index
            let tone: Role = switch item.standing {
            case .atRisk: .warning
            case .broken: .danger
            case .kept: .muted
            default: .text
            }
            return [
                ((chosen ? "\(selection) " : "  "), CellStyle(.accent, bold: true)),
                (Self.mark(item.standing, ascii: state.ascii) + " ", CellStyle(tone, bold: item.standing != .kept)),
                (item.name.padding(toLength: width + 2, withPad: " ", startingAt: 0), CellStyle(tone == .muted ? .muted : .text, bold: chosen, reverse: chosen)),
                (detail(item), CellStyle(tone == .muted ? .muted : .text, dim: item.standing == .kept)),
            ]
        }
        var lines: [DayDetail.Line] = []
        if list.toDo.isEmpty {
            lines.append([(list.items.isEmpty ? "Nothing is due today." : "Everything due today is kept.", CellStyle(.success, bold: true))])
        } else {
            lines.append([("To do today (\(list.toDo.count))", CellStyle(.text, bold: true))])
            lines += list.toDo.enumerated().map { row($1, at: $0) }
        }
        if !list.kept.isEmpty {
            lines.append([("Kept (\(list.kept.count))", CellStyle(.muted, bold: true))])
            lines += list.kept.enumerated().map { row($1, at: list.toDo.count + $0) }
        }
        lines.append([])
        let keys = ["\(state.ascii ? "up/down" : "↑↓") choose", "space log today", "enter go to it", "esc close"]
        lines.append([(keys.joined(separator: state.glyphs.dot), CellStyle(.muted))])
        return lines
    }
}

extension Reducer {
    /// A key while the today panel is open.
    static func handleToday(_ key: Key, _ panel: TodayPanel, _ state: inout DashboardState) -> [Effect] {
        var panel = panel
        let items = TodayPanel.list(state).items
        guard !items.isEmpty else {
            state.overlay = .none
            return []
        }
        panel.index = min(panel.index, items.count - 1)
        let item = items[panel.index]
        switch key {
        case .up, .character("k"):
            panel.index = max(0, panel.index - 1)
        case .down, .character("j"):
            panel.index = min(items.count - 1, panel.index + 1)
        case .escape, .character("T"), .character("q"):
            state.overlay = .none
            return []
        case .enter:
            state.overlay = .none
            // Shown whatever the overview hid it behind: a filter, a folded group.
            state.filter = nil
            if let group = state.views[item.key]?.configuration.group { state.collapsedGroups.remove(group) }
            state.selectedHeading = nil
            state.selectionSettled = true
            guard item.key != state.selected else { return [] }
            state.selected = item.key
            return selectionChanged(&state)
        case .character(" "):
            guard let view = state.views[item.key], !state.loggingFromToday.contains(item.key) else {
                state.overlay = .today(panel)
                return []
            }
            if view.configuration.measuresAmount {
                var prompt = AmountPrompt.opening(view, day: state.today, today: state.today)
                prompt.returnsTo = panel
                state.overlay = .amountPrompt(prompt)
                return []
            }
            state.overlay = .today(panel)
            state.loggingFromToday.insert(item.key)
            return [.log(streak: item.key)]
        default:
            break
        }
        state.overlay = .today(panel)
        return []
    }
}
