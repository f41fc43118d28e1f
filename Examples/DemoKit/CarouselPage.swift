import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// A carousel of cards: drag them, flick them. A flick coasts with the finger's momentum
/// (`Animation.decay`, starting with the release velocity exactly), and once the coast has
/// slowed to half a card from its rest point a spring takes over, inheriting the coast's
/// position and velocity, to the card nearest where the coast would have stopped (`project`,
/// `nearestSnapPoint`). Past either end the cards rubber-band under the finger; a flick that
/// would coast past an end decays to it and springs there (`fling(velocity:bounds:)`).
@MainActor
public final class CarouselPage: DemoPage {
    public let title = "Carousel"
    public let root: UnsafeMutablePointer<GtkWidget>

    /// Where a gesture or an animation has the carousel.
    public enum Phase: Equatable, Sendable {
        case idle, dragging, coasting, snapping
    }

    // MARK: Geometry (public for the tests, which read positions back from GTK)

    public static let cardCount = 8
    public static let cardSize = 200.0
    /// The distance between neighbouring cards' centres.
    public static let spacing = 220.0
    public static let viewportWidth = 680.0
    public static let viewportHeight = 240.0
    /// The friction of a coast: UIKit's normal rate (k ≈ 2 per second).
    public static let rate = DecelerationRate.normal
    /// The spring that lands on a card.
    public static let snapSpring = Spring(duration: 0.5, bounce: 0.15)
    /// The coast hands over to the snapping spring when this little of it is left: half a card.
    public static let handoffDistance = spacing / 2
    /// The coast's speed at the handoff: a decay is `handoffDistance` from rest when its
    /// speed is `k · handoffDistance`.
    public static var handoffSpeed: Double { rate.decayConstant * handoffDistance }

    /// The carousel's offset: 0 shows the first card centred, `-i · spacing` card i.
    public private(set) var offset: AnimatableProperty<Double>!
    /// The offsets at which a card is centred (the snap points), first card first.
    public let snapOffsets = (0..<cardCount).map { -Double($0) * spacing }
    /// How far the offset may go before rubber-banding.
    public let bounds = -Double(cardCount - 1) * spacing...0
    /// The cards (drawing areas, children of ``viewport``).
    public private(set) var cards: [UnsafeMutablePointer<GtkWidget>] = []
    /// The `GtkFixed` the cards move in (clipped to `viewportWidth × viewportHeight`).
    public let viewport: UnsafeMutablePointer<GtkWidget>
    /// What the drag gesture is on: the stationary frame around the clipped viewport.
    public let frame: UnsafeMutablePointer<GtkWidget>
    public private(set) var phase = Phase.idle

    /// Called with each displayed offset a drag sets (the finger's position, rubber-banded).
    public var onDragged: (@MainActor (Double) -> Void)?
    /// Called on release with the velocity handed to the motion (px/s) and the projection.
    public var onReleased: (@MainActor (_ velocity: Double, _ projection: Double) -> Void)?
    /// Called when the coast hands over to the spring, with the card it snaps to.
    public var onCoastEnded: (@MainActor (_ card: Int) -> Void)?

    private let dots: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkWidget>
    private var drag: DragGesture!
    /// The undisplayed (un-rubber-banded) offset where the drag began.
    private var dragStart = 0.0
    /// Identifies the current motion: completions of a motion a new drag interrupted are ignored.
    private var generation = 0

    public init(context: DemoContext) {
        viewport = UI.fixed(width: Int32(Self.viewportWidth), height: Int32(Self.viewportHeight))
        // A GtkFixed measures its children where their transforms put them, so the cards off to the
        // side would widen the page: a scrolled window that never scrolls clips them instead. It
        // takes no input (no wheel scrolling); the drag is on the frame around it, which stays put.
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(
            unison_example_scrolled_window(scroller), GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_child(unison_example_scrolled_window(scroller), viewport)
        gtk_widget_set_size_request(scroller, Int32(Self.viewportWidth), Int32(Self.viewportHeight))
        gtk_widget_set_can_target(scroller, unison_example_false)
        frame = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0, [scroller])
        gtk_widget_set_halign(frame, GTK_ALIGN_START)
        dots = gtk_drawing_area_new()!
        gtk_widget_set_size_request(dots, Int32(Self.viewportWidth), 24)
        gtk_widget_set_halign(dots, GTK_ALIGN_START)
        status = UI.label("Drag the cards; flick them: they coast, then snap to a card")
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Carousel: a flick coasts (decay), then springs to the nearest card", bold: true),
                frame, dots, status,
            ])
        gtk_box_append(
            unison_example_box(root),
            UI.box(
                GTK_ORIENTATION_HORIZONTAL, spacing: 8,
                [
                    UI.button("Flick ←") { [unowned self] in flick(direction: -1) },
                    UI.button("Flick →") { [unowned self] in flick(direction: 1) },
                ]))
        for index in 0..<Self.cardCount {
            let card = Self.card(index)
            gtk_fixed_put(unison_example_fixed(viewport), card, 0, 0)
            cards.append(card)
        }
        offset = AnimatableProperty(0.0, clock: context.clock) { [unowned self] value in layout(value) }
        layout(0)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            let page = Unmanaged<CarouselPage>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { page.drawDots(cr!, Double(width), Double(height)) }
        }
        gtk_drawing_area_set_draw_func(
            unison_example_drawing_area(dots), draw, Unmanaged.passUnretained(self).toOpaque(), nil)
        drag = DragGesture(on: frame)
        drag.onBegan = { [unowned self] _ in began() }
        drag.onChanged = { [unowned self] value in changed(Double(value.translation.x)) }
        drag.onEnded = { [unowned self] value in
            changed(Double(value.translation.x))
            released(velocity: Double(value.velocity.x))
        }
    }

    /// The card nearest the offset shown now.
    public var currentCard: Int {
        let nearest = nearestSnapPoint(to: offset.presentationValue, in: snapOffsets) ?? 0
        return snapOffsets.firstIndex(of: nearest) ?? 0
    }

    /// The centre of card `index` for `offset`, in the viewport's coordinates.
    public static func cardCentre(_ index: Int, offset: Double) -> Double {
        viewportWidth / 2 + Double(index) * spacing + offset
    }

    /// A card's scale for its centre: the centred card is full size, its neighbours 90 %.
    public static func cardScale(centre: Double) -> Double {
        1 - 0.1 * min(abs(centre - viewportWidth / 2) / spacing, 1)
    }

    // MARK: Gesture

    private func began() {
        generation += 1
        phase = .dragging
        // Catch the cards where they are: the motion stops (its completions are ignored).
        dragStart = Self.unbanded(offset.presentationValue, bounds: bounds)
        withTransaction(Transaction()) { offset.value = offset.presentationValue }
    }

    private func changed(_ translation: Double) {
        guard phase == .dragging else { return }
        // The cards follow the finger exactly; past an end they rubber-band.
        let shown = band.offset(for: dragStart + translation)
        withTransaction(Transaction()) { offset.value = shown }
        onDragged?(shown)
    }

    private var band: RubberBand { RubberBand(bounds: bounds, dimension: Self.viewportWidth) }

    /// The raw offset that `band` shows as `shown` (the inverse of the rubber band).
    private static func unbanded(_ shown: Double, bounds: ClosedRange<Double>) -> Double {
        let band = RubberBand(bounds: bounds, dimension: viewportWidth)
        func raw(_ compressed: Double) -> Double {
            let fraction = min(compressed / band.dimension, 0.999)
            return (1 / (1 - fraction) - 1) * band.dimension / band.coefficient
        }
        if shown > bounds.upperBound { return bounds.upperBound + raw(shown - bounds.upperBound) }
        if shown < bounds.lowerBound { return bounds.lowerBound - raw(bounds.lowerBound - shown) }
        return shown
    }

    /// Ends a drag with the finger's velocity `fingerVelocity` (px/s).
    private func released(velocity fingerVelocity: Double) {
        guard phase == .dragging else { return }
        generation += 1
        let motion = generation
        let x = offset.presentationValue
        // Past an end the cards move slower than the finger (the band's slope).
        let raw = Self.unbanded(x, bounds: bounds)
        let slope = bounds.contains(x) ? 1 : (band.offset(for: raw + 0.5) - band.offset(for: raw - 0.5))
        let velocity = fingerVelocity * slope
        let k = Self.rate.decayConstant
        let projection = project(x, velocity: velocity, rate: Self.rate)
        onReleased?(velocity, projection)
        if !bounds.contains(x) || !bounds.contains(projection) {
            // Back from the band, or a coast that would pass an end: decay to the end card, where a
            // spring takes over with the velocity the coast has there.
            phase = .snapping
            let end = offset.fling(velocity: velocity, rate: Self.rate, bounds: bounds, spring: Self.snapSpring) {
                [weak self] in self?.settled(motion)
            }
            report("released at %.0f px/s: to the end, card %d", velocity, index(of: end) + 1)
            return
        }
        let target = nearestSnapPoint(to: projection, in: snapOffsets) ?? 0
        guard abs(velocity) > Self.handoffSpeed else {
            // Too slow to coast: spring to the nearest card at once, starting with the finger's velocity.
            phase = .snapping
            offset.snap(velocity: velocity, to: snapOffsets, rate: Self.rate, spring: Self.snapSpring) {
                [weak self] in self?.settled(motion)
            }
            report("released at %.0f px/s: spring to card %d", velocity, index(of: target) + 1)
            return
        }
        // Coast towards the projection (the decay starts with `velocity` exactly) until its speed has
        // fallen to `handoffSpeed`: the decay reports itself logically complete then.
        phase = .coasting
        let coast = log(abs(velocity) / Self.handoffSpeed) / k
        var transaction = Transaction(animation: .decay(Self.rate).logicallyComplete(after: coast))
        transaction.addAnimationCompletion { [weak self] in self?.coastEnded(motion, target: target) }
        withTransaction(transaction) { offset.value = projection }
        report(
            "released at %.0f px/s: coasting towards %.0f px (card %d)", velocity, -projection, index(of: target) + 1)
    }

    /// The coast has slowed to the handoff speed: a spring takes over, from the coast's position
    /// and with its velocity (the engine hands both over on the spring's first frame).
    private func coastEnded(_ motion: Int, target: Double) {
        guard motion == generation, phase == .coasting else { return }
        phase = .snapping
        onCoastEnded?(index(of: target))
        var transaction = Transaction(animation: .spring(Self.snapSpring))
        transaction.addAnimationCompletion { [weak self] in self?.settled(motion) }
        withTransaction(transaction) { offset.value = target }
        report("coast at %.0f px/s: spring to card %d", abs(offset.velocity), index(of: target) + 1)
    }

    private func settled(_ motion: Int) {
        guard motion == generation, phase == .snapping else { return }
        phase = .idle
    }

    /// The card (from 0) centred at `snapOffset`.
    private func index(of snapOffset: Double) -> Int { Int((-snapOffset / Self.spacing).rounded()) }

    private func report(_ format: String, _ arguments: any CVarArg...) {
        gtk_label_set_text(unison_example_label(status), String(format: format, arguments: arguments))
    }

    // MARK: Drawing

    /// Places every card for `offset`: centred cards full size, the others a little smaller.
    private func layout(_ offset: Double) {
        let half = Float(Self.cardSize / 2)
        for (index, card) in cards.enumerated() {
            let centre = Self.cardCentre(index, offset: offset)
            let scale = Float(Self.cardScale(centre: centre))
            var origin = graphene_point_t(x: Float(centre) - half, y: Float(Self.viewportHeight / 2) - half)
            var pivot = graphene_point_t(x: half, y: half)
            var back = graphene_point_t(x: -half, y: -half)
            var transform = gsk_transform_translate(nil, &origin)
            transform = gsk_transform_translate(transform, &pivot)
            transform = gsk_transform_scale(transform, scale, scale)
            transform = gsk_transform_translate(transform, &back)
            gtk_fixed_set_child_transform(unison_example_fixed(viewport), card, transform)
            gsk_transform_unref(transform)
        }
        gtk_widget_queue_draw(dots)
    }

    /// One dot per card; the highlight slides with the offset.
    private func drawDots(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        let gap = 18.0
        let left = width / 2 - gap * Double(Self.cardCount - 1) / 2
        cairo_set_source_rgb(cr, 0.75, 0.75, 0.78)
        for index in 0..<Self.cardCount {
            cairo_arc(cr, left + gap * Double(index), height / 2, 4, 0, 2 * .pi)
            cairo_fill(cr)
        }
        let position = -offset.presentationValue / Self.spacing
        cairo_set_source_rgb(cr, 0.21, 0.47, 0.91)
        cairo_arc(cr, left + gap * position, height / 2, 6, 0, 2 * .pi)
        cairo_fill(cr)
    }

    private static func card(_ index: Int) -> UnsafeMutablePointer<GtkWidget> {
        let area = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(unison_example_drawing_area(area), Int32(cardSize))
        gtk_drawing_area_set_content_height(unison_example_drawing_area(area), Int32(cardSize))
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            let index = Int(bitPattern: data)
            let colour = cardPalette[index % cardPalette.count]
            roundedRect(cr!, 0, 0, Double(width), Double(height), radius: 18)
            cairo_set_source_rgb(cr, colour.red, colour.green, colour.blue)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_set_font_size(cr, 72)
            cairo_move_to(cr, Double(width) / 2 - (index + 1 >= 10 ? 40 : 20), Double(height) / 2 + 26)
            cairo_show_text(cr, "\(index + 1)")
        }
        gtk_drawing_area_set_draw_func(
            unison_example_drawing_area(area), draw, UnsafeMutableRawPointer(bitPattern: index), nil)
        return area
    }

    // MARK: Page

    /// A synthetic drag and flick, through the same handlers a finger drives (the tour has no pointer).
    private func flick(direction: Double) {
        began()
        for step in 1...8 {
            GtkRuntime.after(0.03 * Double(step)) { [weak self] in
                guard let self, phase == .dragging else { return }
                changed(direction * 40 * Double(step))
            }
        }
        GtkRuntime.after(0.27) { [weak self] in
            guard let self else { return }
            changed(direction * 320)
            released(velocity: direction * 1333)
        }
    }

    /// Flicks towards whichever end is farther.
    public func play() {
        flick(direction: currentCard < Self.cardCount / 2 ? -1 : 1)
    }

    public var isAtTarget: Bool {
        phase == .idle && !offset.isAnimating && offset.presentationValue == offset.value
    }
}

/// The cards' colours, in turn.
private let cardPalette: [RGBAColor] = [.demoBlue, .demoRed, .demoGreen, .demoAmber]
