/// Whether a document may fetch, and what to ask the tester first (issue 27: a client's
/// pre-release build must not announce its domains before the tester has decided to go online).
///
/// A value type the session controller drives and tests feed events to. The rules:
/// - a new session from an app holds its fetches; once its hosts are known, an online
///   document asks (the claimed hosts, "Fetch" or "Stay Offline"); nothing is fetched before
///   the answer;
/// - an offline document never asks; going online is one click (`choose(.online)`);
/// - the tester's choice is the document's; without one, the document follows the Settings
///   default, for open windows too (`defaultChanged`);
/// - a saved session opens without network whatever the choice (refetch is explicit).
public struct OnlineConsent: Sendable, Equatable {
    /// The tester's choice for one document.
    public enum Choice: String, Sendable, Equatable {
        case online, offline
    }

    /// What the controller does after an event.
    public enum Effect: Sendable, Equatable {
        /// Nothing to fetch.
        case none
        /// Show `question` and wait.
        case ask
        /// Fetch the held hosts (online, the tester agreed or chose online).
        case fetchHeldHosts
        /// Settle the held hosts as "not fetched (offline)".
        case settleOffline
    }

    /// The question a window shows: the hosts the app claims, before anything is fetched.
    public struct Question: Sendable, Equatable {
        /// The claimed hosts (authorities), in bundle order.
        public var hosts: [String]
        /// One sentence for the sheet.
        public var message: String {
            let count = hosts.count == 1 ? "1 domain" : "\(hosts.count) domains"
            return "This app claims \(count). Fetching their association files contacts each domain (and Apple's CDN) "
                + "from this Mac, so their owners and the CDN see the requests. Stay offline to inspect without "
                + "network: you can go online later from the toolbar."
        }
    }

    /// The tester's choice for this document; nil follows the Settings default.
    public private(set) var choice: Choice?
    /// The Settings default (offline or not), kept current for open windows.
    public private(set) var defaultOffline: Bool
    /// What the window asks now; nil when nothing waits for an answer.
    public private(set) var question: Question?
    /// True while hosts wait for an answer or a choice (nothing of them has been fetched).
    public private(set) var holding = false

    /// A document with the Settings default `defaultOffline`.
    public init(defaultOffline: Bool) {
        self.defaultOffline = defaultOffline
    }

    /// Offline as this document fetches now: the tester's choice, else the default. While a
    /// question waits, the document is offline too (an explicit refetch then stays on the Mac).
    public var isOffline: Bool {
        question != nil || (choice.map { $0 == .offline } ?? defaultOffline)
    }

    /// The toolbar's one-click toggle title.
    public var toggleTitle: String { isOffline ? "Go Online" : "Go Offline" }

    /// A new session from an app starts: its fetches are held until its hosts are known.
    public mutating func appOpened() {
        holding = true
        question = nil
    }

    /// The app's hosts are known (inspection ended). Online without a choice: ask. Offline:
    /// settle them offline. Chosen online before: fetch.
    public mutating func hostsKnown(_ hosts: [String]) -> Effect {
        guard holding else { return .none }
        guard !hosts.isEmpty else {
            holding = false
            return .none
        }
        switch choice {
        case .online?:
            holding = false
            return .fetchHeldHosts
        case .offline?:
            holding = false
            return .settleOffline
        case nil where defaultOffline:
            holding = false
            return .settleOffline
        case nil:
            question = Question(hosts: hosts)
            return .ask
        }
    }

    /// The tester answered the question, or clicked the toolbar's toggle.
    public mutating func choose(_ next: Choice) -> Effect {
        let wasHolding = holding
        choice = next
        question = nil
        holding = false
        switch next {
        case .online: return wasHolding ? .fetchHeldHosts : .none
        case .offline: return wasHolding ? .settleOffline : .none
        }
    }

    /// Settings changed the default. A document without a choice follows it; a question still
    /// waiting is dropped when the default becomes offline (nothing is fetched: no need to ask).
    public mutating func defaultChanged(offline: Bool) -> Effect {
        defaultOffline = offline
        guard choice == nil, offline, question != nil else { return .none }
        question = nil
        holding = false
        return .settleOffline
    }
}
