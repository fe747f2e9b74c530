// Declaration-only surface of QuickLookUI's data-based preview provider, for type-checking the
// Quick Look extension on Linux (scripts/typecheck-app). Written by this project from Apple's
// public documentation; it is NOT Apple's SDK and holds no code of it. Stubs only.

import AppKit

/// The principal class of a data-based Quick Look preview extension (macOS 12+): a subclass
/// conforms to QLPreviewingController and returns a QLPreviewReply from providePreview(for:).
open class QLPreviewProvider: NSObject {
    public override init() { super.init() }
}
