import Testing

@testable import Reports

@Suite struct PDFTableWidthTests {
    @Test func narrowColumnsAreRaisedToTheirShortestUnbreakableTokenFromColumnsWithRoom() {
        let widened = PDFComposer.widen([20, 300, 40], toAtLeast: [35, 50, 45])
        #expect(widened[0] == 35)
        #expect(widened[2] == 45)
        #expect(abs(widened.reduce(0, +) - 360) < 0.0001)
        #expect(widened[1] < 300 && widened[1] >= 50)
    }

    @Test func minimumsThatDoNotFitLeaveTheProposalAlone() {
        #expect(PDFComposer.widen([100, 100], toAtLeast: [150, 150]) == [100, 100])
        #expect(PDFComposer.widen([100, 100], toAtLeast: [50, 60]) == [100, 100])
    }
}
