/// How much of a split one part wants (ratatui's `Constraint`, simplified).
public enum Constraint: Equatable, Sendable {
    /// Exactly this many cells (shrinks only when nothing else can).
    case length(Int)
    /// At least this many, growing like `fill(1)`.
    case min(Int)
    /// Up to this many, growing only after every `fill`/`min` part has its share.
    case max(Int)
    /// This share of the whole.
    case percentage(Int)
    /// What is left, shared by weight.
    case fill(Int)
}

/// Splits a rectangle into parts along one direction by constraints: lengths and
/// percentages first, then minimums, the rest to `fill` and `min` parts by weight, then to
/// `max` parts. When the space is short, parts shrink from the last one back, so the caller
/// lists the most important parts first.
public struct Layout: Sendable {
    public enum Direction: Sendable { case vertical, horizontal }

    public let direction: Direction
    public let constraints: [Constraint]
    /// Cells left empty between parts.
    public let spacing: Int

    public init(_ direction: Direction, _ constraints: [Constraint], spacing: Int = 0) {
        self.direction = direction
        self.constraints = constraints
        self.spacing = spacing
    }

    public static func vertical(_ constraints: [Constraint], spacing: Int = 0) -> Layout { Layout(.vertical, constraints, spacing: spacing) }
    public static func horizontal(_ constraints: [Constraint], spacing: Int = 0) -> Layout { Layout(.horizontal, constraints, spacing: spacing) }

    /// The sizes along the direction for `total` cells.
    public func sizes(_ total: Int) -> [Int] {
        guard !constraints.isEmpty else { return [] }
        let available = Swift.max(0, total - spacing * (constraints.count - 1))
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case .length(let length), .min(let length): return Swift.max(0, length)
            case .percentage(let percent): return available * Swift.max(0, Swift.min(percent, 100)) / 100
            case .max, .fill: return 0
            }
        }
        var left = available - sizes.reduce(0, +)
        if left < 0 {
            // Short of space: the last parts give way first.
            for index in sizes.indices.reversed() where left < 0 {
                let taken = Swift.min(sizes[index], -left)
                sizes[index] -= taken
                left += taken
            }
            return sizes
        }
        // Fill and min parts share what is left by weight; max parts take what remains.
        let weights = constraints.map { constraint -> Int in
            switch constraint {
            case .fill(let weight): return Swift.max(0, weight)
            case .min: return 1
            default: return 0
            }
        }
        let totalWeight = weights.reduce(0, +)
        if totalWeight > 0 {
            var given = 0
            for index in sizes.indices where weights[index] > 0 {
                let share = left * weights[index] / totalWeight
                sizes[index] += share
                given += share
            }
            // Rounding leftovers go to the first weighted parts.
            var rest = left - given
            for index in sizes.indices where weights[index] > 0 && rest > 0 {
                sizes[index] += 1
                rest -= 1
            }
            left = 0
        }
        for index in sizes.indices where left > 0 {
            if case .max(let limit) = constraints[index] {
                let taken = Swift.min(limit, left)
                sizes[index] = taken
                left -= taken
            }
        }
        return sizes
    }

    /// The parts of `area`, in order.
    public func split(_ area: Rect) -> [Rect] {
        let total = direction == .vertical ? area.height : area.width
        var offset = direction == .vertical ? area.y : area.x
        return sizes(total).map { size in
            defer { offset += size + spacing }
            switch direction {
            case .vertical: return Rect(x: area.x, y: offset, width: area.width, height: size)
            case .horizontal: return Rect(x: offset, y: area.y, width: size, height: area.height)
            }
        }
    }
}
