import Testing
import SwipeProtocol

@Suite struct PacingEligibilityTests {
    @Test(arguments: [
        (Pacing.lockstep, Role.host, true, false, true), (.lockstep, .member, true, false, true),
        (.lockstep, .member, false, false, false), (.lockstep, .member, false, true, true),
        (.lockstep, .spectator, true, false, false), (.lockstep, .spectator, false, true, false),
        (.free, .member, false, false, true), (.free, .host, true, false, true), (.free, .spectator, true, false, false),
    ] as [(Pacing, Role, Bool, Bool, Bool)])
    func votersCountAndLockstepSkipsTheOfflineWhoHaveNotVoted(pacing: Pacing, role: Role, online: Bool, voted: Bool, counts: Bool) {
        #expect(pacing.countsAsEligible(role: role, online: online, voted: voted) == counts)
    }
}
