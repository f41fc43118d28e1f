import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

// The suite of `LimitChild` (GtkLimitChild.swift): one child process per writer.

extension GtkAdapterTests {
    /// Each writer of UnisonGtk, in a child process, with every bad value directly and animated.
    @MainActor
    @Suite("GTK limits")
    struct GtkLimitTests {
        @Test("AnimatedWidget.position") func widgetPosition() async {
            await #expect(processExitsWith: .success) { await LimitChild.animatedWidget(.position) }
        }

        @Test("AnimatedWidget.translation") func widgetTranslation() async {
            await #expect(processExitsWith: .success) { await LimitChild.animatedWidget(.translation) }
        }

        @Test("AnimatedWidget.scale") func widgetScale() async {
            await #expect(processExitsWith: .success) { await LimitChild.animatedWidget(.scale) }
        }

        @Test("AnimatedWidget.rotation") func widgetRotation() async {
            await #expect(processExitsWith: .success) { await LimitChild.animatedWidget(.rotation) }
        }

        @Test("AnimatedWidget.opacity") func widgetOpacity() async {
            await #expect(processExitsWith: .success) { await LimitChild.animatedWidget(.opacity) }
        }

        @Test("AnimatedWidget.margins") func widgetMargins() async {
            await #expect(processExitsWith: .success) { await LimitChild.animatedWidget(.margins) }
        }

        @Test("AnimatedWidget.sizeRequest") func widgetSizeRequest() async {
            await #expect(processExitsWith: .success) { await LimitChild.animatedWidget(.sizeRequest) }
        }

        @Test("AnimatedAdjustment") func wrapperAdjustment() async {
            await #expect(processExitsWith: .success) { await LimitChild.valueWrapper(.adjustment) }
        }

        @Test("AnimatedRange") func wrapperRange() async {
            await #expect(processExitsWith: .success) { await LimitChild.valueWrapper(.range) }
        }

        @Test("AnimatedProgressBar") func wrapperProgressBar() async {
            await #expect(processExitsWith: .success) { await LimitChild.valueWrapper(.progressBar) }
        }

        @Test("AnimatedLevelBar") func wrapperLevelBar() async {
            await #expect(processExitsWith: .success) { await LimitChild.valueWrapper(.levelBar) }
        }

        @Test("AnimatedDrawing") func wrapperDrawing() async {
            await #expect(processExitsWith: .success) { await LimitChild.valueWrapper(.drawing) }
        }

        @Test("AnimatedObjectProperty") func wrapperObjectProperty() async {
            await #expect(processExitsWith: .success) { await LimitChild.valueWrapper(.objectProperty) }
        }

        @Test("ContentLabel") func contentLabel() async {
            await #expect(processExitsWith: .success) { await LimitChild.contentLabel() }
        }

        @Test("MotionBin.translation") func binTranslation() async {
            await #expect(processExitsWith: .success) { await LimitChild.motionBin(.translation) }
        }

        @Test("MotionBin.scale") func binScale() async {
            await #expect(processExitsWith: .success) { await LimitChild.motionBin(.scale) }
        }

        @Test("MotionBin.rotation") func binRotation() async {
            await #expect(processExitsWith: .success) { await LimitChild.motionBin(.rotation) }
        }

        @Test("MotionBin.opacity") func binOpacity() async {
            await #expect(processExitsWith: .success) { await LimitChild.motionBin(.opacity) }
        }

        @Test("MotionBin.padding") func binPadding() async {
            await #expect(processExitsWith: .success) { await LimitChild.motionBin(.padding) }
        }

        @Test("NavigationStack push and drag geometry") func navigationStack() async {
            await #expect(processExitsWith: .success) { await LimitChild.navigationStack() }
        }
    }
}
