import LedgerDomain
import LedgerTesting
import Testing

/// The event registry (``EventKind``) is the only list of event types: the decoders, the
/// catalog, backups' JSON and the frozen bytes all follow it. A payload type or a case of
/// ``LedgerEvent`` it does not cover must fail here or fail to compile.
@Suite("Event registry")
struct EventRegistryTests {
  @Test("given every kind in the registry, then its payload type declares that kind back, and so its type name")
  func kindsAndPayloadTypesAgree() {
    for kind in EventKind.allCases {
      #expect(
        kind.payloadType.kind == kind,
        "\(kind.rawValue) maps to \(kind.payloadType), which declares \(kind.payloadType.kind)")
      #expect(kind.payloadType.typeName == kind.rawValue)
      #expect(EventKind(typeName: kind.rawValue) == kind)
    }
  }

  @Test("given the registry, then no two kinds share a stored type name")
  func typeNamesAreUnique() {
    let names = EventKind.allCases.map(\.rawValue)
    #expect(Set(names).count == names.count)
    #expect(Set(EventKind.allCases.map { ObjectIdentifier($0.payloadType) }).count == names.count)
  }

  @Test(
    "given one sample of every case of LedgerEvent, then each case's payload type is the one its kind registers, and every kind has a sample"
  )
  func everyCaseIsRegistered() throws {
    var covered: Set<EventKind> = []
    for event in EventCodecTests.samples {
      #expect(
        ObjectIdentifier(event.payloadType) == ObjectIdentifier(event.kind.payloadType),
        "\(event.payloadType) claims kind \(event.kind.rawValue), which registers \(event.kind.payloadType)")
      #expect(event.payload.event == event, "\(event.typeName): its payload is carried in another case")
      let decoded = try LedgerEvent.decode(
        type: event.typeName, schemaVersion: event.schemaVersion, payload: try event.encodedPayload())
      #expect(decoded == event, "\(event.typeName) does not decode through the registry")
      covered.insert(event.kind)
    }
    #expect(
      covered == Set(EventKind.allCases), "kinds without a sample: \(Set(EventKind.allCases).subtracting(covered))")
  }

  @Test("given a type name the registry does not know, when decoded, then it is refused as an unknown event")
  func unknownTypeIsRefused() {
    #expect(throws: CodecError.unknownEvent(type: "EventFromANewerRelease", schemaVersion: 1)) {
      try LedgerEvent.decode(type: "EventFromANewerRelease", schemaVersion: 1, payload: [UInt8]())
    }
    #expect(EventKind(typeName: "transactionAdded") == nil)
  }

  @Test("given a known type in a schema version newer than this program's, when decoded, then it is refused")
  func newerVersionIsRefused() throws {
    for kind in EventKind.allCases {
      let newer = kind.payloadType.schemaVersion + 1
      #expect(throws: CodecError.unknownEvent(type: kind.rawValue, schemaVersion: newer)) {
        try LedgerEvent.decode(type: kind.rawValue, schemaVersion: newer, payload: [UInt8]())
      }
    }
  }
}
