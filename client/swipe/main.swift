// swipe: the executable shell. Runs on the main thread; parses flags, checks them, and hands over
// to SwipeClient's SwipeApp (and, for `swipe demo`, starts SwipeServer in-process).
//
// As the SSH gateway's login shell, sshd runs `swipe -c "gateway …"` (its ForceCommand): only a
// `gateway` line is run, never a shell or another program.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "-c" {
    let words = arguments.count == 2 ? arguments[1].split(separator: " ").map(String.init) : []
    guard words.first == "gateway" else {
        FileHandle.standardError.write(Data("swipe: this account runs only the SwipeDeck gateway\n".utf8))
        exit(1)
    }
    SwipeCommand.main(words)
} else {
    SwipeCommand.main()
}
