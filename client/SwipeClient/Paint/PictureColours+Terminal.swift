import SwipeClientCore

extension PictureColours {
    /// From the colours the painter can put on the screen (`TerminalSession.colours`): 24-bit only
    /// when curses runs a direct-colour entry, since anything else would be mapped down to the
    /// palette after chafa had picked its symbols for 24-bit colours.
    ///
    /// ```swift
    /// PictureColours(terminalColours: 0x1000000)   // .truecolor
    /// PictureColours(terminalColours: 256)         // .palette256
    /// PictureColours(terminalColours: 0)           // .none
    /// ```
    public init(terminalColours: Int) {
        if ColourMapper(colours: terminalColours).isDirect {
            self = .truecolor
        } else if terminalColours >= 8 {
            self = .palette256
        } else {
            self = .none
        }
    }
}
