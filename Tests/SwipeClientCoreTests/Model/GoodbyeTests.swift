import Foundation
import Testing
@testable import SwipeClientCore

/// Table: the signal `swipe` stops on → the close frame it sends.
@Suite struct GoodbyeTests {
    @Test(arguments: [(Int32(0), UInt16(1000)), (Int32(SIGINT), UInt16(1000)), (Int32(SIGTERM), UInt16(1000)), (Int32(SIGHUP), UInt16(4001))])
    func aLostTerminalIsNotAGoodbye(_ signal: Int32, _ code: UInt16) {
        #expect(Goodbye(signal: signal).code == code)
    }
}
