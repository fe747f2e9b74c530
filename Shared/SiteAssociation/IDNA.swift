/// RFC 3492 Punycode (the `xn--` label body), the one implementation of the package: the
/// matcher brings a Unicode host to the ASCII form devices compare; the link readings
/// (`LinkReadings`) also decode a label to check it as a browser does. No case annotation.
public enum Punycode {
    private static let base: UInt32 = 36, tMin: UInt32 = 1, tMax: UInt32 = 26
    private static let skew: UInt32 = 38, damp: UInt32 = 700
    private static let initialBias: UInt32 = 72, initialN: UInt32 = 128

    /// The Punycode of `input`; nil on arithmetic overflow (only absurdly long labels).
    public static func encode(_ input: [Unicode.Scalar]) -> String? {
        let codePoints = input.map(\.value)
        var output: [UInt8] = codePoints.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = UInt32(output.count)
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta: UInt32 = 0
        var bias = initialBias
        while handled < UInt32(codePoints.count) {
            guard let next = codePoints.filter({ $0 >= n }).min() else { return nil }
            let (step, overflowA) = (next - n).multipliedReportingOverflow(by: handled + 1)
            let (sum, overflowB) = delta.addingReportingOverflow(step)
            guard !overflowA, !overflowB else { return nil }
            delta = sum
            n = next
            for codePoint in codePoints {
                if codePoint < n {
                    let (bumped, overflow) = delta.addingReportingOverflow(1)
                    guard !overflow else { return nil }
                    delta = bumped
                }
                guard codePoint == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The text a Punycode label body stands for (`bcher-kva` → `bücher`); nil when it is not
    /// valid Punycode (a character outside `a–z A–Z 0–9 -`, a truncated number, an overflow past
    /// Int32, or a code point that is not a Unicode scalar).
    public static func decode(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.allSatisfy(\.isASCII) else { return nil }
        var output: [Int] = []
        var start = 0
        if let dash = scalars.lastIndex(of: "-") {
            output = scalars[..<dash].map { Int($0.value) }
            start = dash + 1
        }
        let base = Int(self.base)
        let tMin = Int(self.tMin)
        let tMax = Int(self.tMax)
        var n = Int(initialN)
        var i = 0
        var bias = Int(initialBias)
        var index = start
        while index < scalars.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard index < scalars.count else { return nil }
                let value = scalars[index].value
                index += 1
                let digit: Int
                switch value {
                case 97...122: digit = Int(value) - 97
                case 65...90: digit = Int(value) - 65
                case 48...57: digit = Int(value) - 22
                default: return nil
                }
                guard digit <= (Int(Int32.max) - i) / w else { return nil }
                i += digit * w
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                guard w <= Int(Int32.max) / (base - t) else { return nil }
                w *= base - t
                k += base
            }
            bias = Int(adapt(UInt32(i - oldI), points: UInt32(output.count + 1), first: oldI == 0))
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n <= 0x10FFFF, Unicode.Scalar(UInt32(n)) != nil else { return nil }
            output.insert(n, at: i)
            i += 1
        }
        return String(String.UnicodeScalarView(output.compactMap { Unicode.Scalar(UInt32($0)) }))
    }

    private static func digit(_ value: UInt32) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func adapt(_ delta: UInt32, points: UInt32, first: Bool) -> UInt32 {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}

/// Hosts as devices compare them (IDNA ToASCII, reduced to what a host in a link needs):
/// lower-cased, and each label with a non-ASCII character becomes `xn--` + its Punycode.
enum IDNA {
    /// The ASCII form of `host` (labels split on `.`); an all-ASCII host is returned as is.
    static func asciiHost(_ host: String) -> String {
        guard !host.utf8.allSatisfy({ $0 < 0x80 }) else { return host }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false).map { label -> String in
            guard !label.utf8.allSatisfy({ $0 < 0x80 }) else { return label.lowercased() }
            let lowered = label.lowercased()
            guard let encoded = Punycode.encode(Array(lowered.unicodeScalars)) else { return lowered }
            return "xn--" + encoded
        }
        return labels.joined(separator: ".")
    }

    /// `url` with a non-ASCII host (between `://` and the first `/`, `?` or `#`, after any
    /// user info, before any port) in ASCII form; the rest of the text is untouched.
    static func asciiHostInURL(_ url: String) -> String {
        guard !url.utf8.allSatisfy({ $0 < 0x80 }), let schemeEnd = url.range(of: "://") else { return url }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = url[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        let authority = url[authorityStart..<authorityEnd]
        let hostStart = authority.lastIndex(of: "@").map { url.index(after: $0) } ?? authorityStart
        guard authority.first != "[" else { return url }
        var hostEnd = authorityEnd
        if let colon = url[hostStart..<authorityEnd].lastIndex(of: ":"),
            url[url.index(after: colon)..<authorityEnd].allSatisfy(\.isASCII)
        {
            hostEnd = colon
        }
        let host = url[hostStart..<hostEnd]
        guard !host.utf8.allSatisfy({ $0 < 0x80 }) else { return url }
        return String(url[..<hostStart]) + asciiHost(String(host)) + String(url[hostEnd...])
    }
}
