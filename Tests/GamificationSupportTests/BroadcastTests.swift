import GamificationSupport
import Testing

/// The broadcast's order and its streams ending while values are sent to them.
struct BroadcastTests {
    /// Subscribers cancelled while values are sent to them: a yield under the lock waited for
    /// a consumer's task being cancelled, whose stream's end takes the lock. Every round ends,
    /// and a later subscriber gets its current value and what is sent after, in order.
    @Test func subscribersEndedWhileValuesAreSentNeverHangIt() async {
        let broadcast = Broadcast<Int>()
        for _ in 0..<2_000 {
            let stream = broadcast.subscribe()
            let consumer = Task { for await _ in stream {} }
            let sending = Task.detached { for value in 0..<10 { broadcast.send(value) } }
            let cancelling = Task.detached { consumer.cancel() }
            await sending.value
            await cancelling.value
            await consumer.value
        }
        var after = broadcast.subscribe(current: 7).makeAsyncIterator()
        broadcast.send(8)
        broadcast.send(9)
        #expect(await after.next() == 7)
        #expect(await after.next() == 8)
        #expect(await after.next() == 9)
    }
}
