/// An RFC 4180 CSV reader: quoted fields, doubled quotes, commas and line breaks inside quotes,
/// LF or CRLF (or lone CR) line ends, and a missing final line end. Blank lines are skipped.
/// Internal to the loader; errors carry the line number.
struct CSVTable {
    /// One row of fields and the 1-based line it starts on.
    struct Row {
        var line: Int
        var fields: [String]
    }

    /// A syntax error at a line.
    struct SyntaxError: Error {
        var line: Int
        var message: String
    }

    var rows: [Row] = []

    private enum State {
        case fieldStart, unquoted, quoted, afterQuote
    }

    init(parsing text: String) throws(SyntaxError) {
        var state = State.fieldStart
        var field = String.UnicodeScalarView()
        var fields: [String] = []
        var line = 1
        var rowLine = 1
        var quoteLine = 1
        var fieldWasQuoted = false
        var skipLF = false

        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
        }
        func endRow() {
            endField()
            let isBlank = fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted
            if !isBlank { rows.append(Row(line: rowLine, fields: fields)) }
            fields = []
            fieldWasQuoted = false
        }
        /// A comma ends the field, a line end the field and the row; false for any other scalar.
        func closesField(_ scalar: Unicode.Scalar, isLineEnd: Bool) -> Bool {
            if scalar == "," {
                endField()
            } else if isLineEnd {
                endRow()
            } else {
                return false
            }
            return true
        }

        for scalar in text.unicodeScalars {
            if skipLF {
                skipLF = false
                if scalar == "\n" {
                    if state == .quoted { field.append(scalar) }
                    continue
                }
            }
            let isLineEnd = scalar == "\n" || scalar == "\r"
            switch state {
            case .fieldStart, .unquoted:
                if state == .fieldStart && scalar == "\"" {
                    state = .quoted
                    fieldWasQuoted = true
                    quoteLine = line
                } else if closesField(scalar, isLineEnd: isLineEnd) {
                    state = .fieldStart
                } else if scalar == "\"" {
                    throw SyntaxError(line: line, message: "a quote inside an unquoted field; quote the whole field and double the quote (\"\")")
                } else {
                    field.append(scalar)
                    state = .unquoted
                }
            case .quoted:
                if scalar == "\"" {
                    state = .afterQuote
                } else {
                    field.append(scalar)
                }
            case .afterQuote:
                if scalar == "\"" {
                    field.append(scalar)
                    state = .quoted
                } else if closesField(scalar, isLineEnd: isLineEnd) {
                    state = .fieldStart
                } else {
                    throw SyntaxError(line: line, message: "unexpected text after a closing quote; expected a comma or the end of the line")
                }
            }
            if isLineEnd {
                line += 1
                if scalar == "\r" { skipLF = true }
                if state == .fieldStart && fields.isEmpty { rowLine = line }
            }
        }
        switch state {
        case .quoted:
            throw SyntaxError(line: quoteLine, message: "a quoted field is never closed")
        case .fieldStart:
            if !fields.isEmpty || fieldWasQuoted { endRow() }
        case .unquoted, .afterQuote:
            endRow()
        }
    }
}
