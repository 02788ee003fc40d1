import Testing
import SwipeProtocol

@Suite struct PacingEligibilityTests {
    @Test(arguments: [
        (Pacing.lockstep, Role.host, true, true), (.lockstep, .member, true, true), (.lockstep, .member, false, false),
        (.lockstep, .spectator, true, false), (.free, .member, false, true), (.free, .host, true, true),
        (.free, .spectator, true, false),
    ] as [(Pacing, Role, Bool, Bool)])
    func votersCountAndLockstepSkipsTheOffline(pacing: Pacing, role: Role, online: Bool, counts: Bool) {
        #expect(pacing.countsAsEligible(role: role, online: online) == counts)
    }
}
