import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// The bands a `ContentLabel` hands its bin every frame of a content transition, in a buffer the
/// C bin reads as it is.
///
/// Where a band is drawn (its characters' columns, the old text's shift) depends on the change,
/// the label's layout and its alignment, not on the progress, and so do the bands themselves (a
/// change's ``ContentChange/Band``s are the same at every progress it is drawn at): they are
/// worked out once (``build``) and kept while nothing they were measured from changed (the caller
/// compares the key they were built for). A frame then only moves and fades them (``move``), from
/// the change's ``ContentChange/Timing``, exactly as ``ContentChange/pieces(at:into:)`` places its
/// pieces. No allocation once the buffers have grown.
@MainActor
final class ContentBands {
    /// What the bands were worked out for: the change and the bin's allocation count (the
    /// geometry measured then), and the label's horizontal alignment.
    struct Key: Equatable {
        var change: Int
        var allocations: Int
        var xalign: Float
    }

    // Read and written every frame without the run-time exclusivity check a class's stored
    // property pays on every access: only the main actor touches them, and no access overlaps another.
    /// The key of the bands kept; nil: none kept.
    @exclusivity(unchecked) private(set) var key: Key?
    /// The bands, `count` of them (those of the change's bands that cover a character).
    @exclusivity(unchecked) private(set) var bands: UnsafeMutablePointer<UnisonContentPiece>
    @exclusivity(unchecked) private(set) var count = 0
    /// Per band, how it moves, and its offset (in line heights) and opacity at the last progress.
    @exclusivity(unchecked) private var motions: UnsafeMutablePointer<ContentChange.Motion>
    @exclusivity(unchecked) private var offsets: UnsafeMutablePointer<Double>
    @exclusivity(unchecked) private var opacities: UnsafeMutablePointer<Double>
    @exclusivity(unchecked) private var capacity: Int
    /// The change's bands, as ``build`` reads them (kept: its storage is reused).
    @exclusivity(unchecked) private var layout: [ContentChange.Band] = []

    init() {
        capacity = 4
        bands = .allocate(capacity: capacity)
        motions = .allocate(capacity: capacity)
        offsets = .allocate(capacity: capacity)
        opacities = .allocate(capacity: capacity)
    }

    isolated deinit {
        bands.deallocate()
        motions.deallocate()
        offsets.deallocate()
        opacities.deallocate()
    }

    /// Works the bands of `change` out (their offsets and opacities are set by ``move``): where the
    /// old text lines up with the new one, from the geometries of both texts as drawn.
    func build(_ change: ContentChange, old: TextGeometry, new: TextGeometry, key: Key) {
        change.bands(into: &layout)
        if layout.count > capacity {
            bands.deallocate()
            motions.deallocate()
            offsets.deallocate()
            opacities.deallocate()
            capacity = max(layout.count, 2 * capacity)
            bands = .allocate(capacity: capacity)
            motions = .allocate(capacity: capacity)
            offsets = .allocate(capacity: capacity)
            opacities = .allocate(capacity: capacity)
        }
        // Where the old text lines up now: for rolling characters at the end they share, else at
        // the start they share, else (and for a cross-fade) by the label's alignment.
        let xalign = Double(key.xalign)
        let align =
            !change.transition.isNumeric ? xalign : change.commonSuffix > 0 ? 1 : change.commonPrefix > 0 ? 0 : xalign
        let oldDX = (new.offset + align * new.width) - (old.offset + align * old.width)
        count = 0
        for piece in layout {
            let isOld = piece.source == .old
            guard let band = (isOld ? old : new).span(piece.characters) else { continue }
            // Within what GTK's float render nodes take (``GtkLimits``), whatever the layout gives.
            bands[count] = UnisonContentPiece(
                source: isOld ? UNISON_CONTENT_PIECE_OLD : UNISON_CONTENT_PIECE_NEW,
                x: GtkLimits.offset(band.x + (isOld ? oldDX : 0)), width: GtkLimits.offset(band.width), dy: 0,
                alpha: 0, old_dx: GtkLimits.offset(isOld ? oldDX : 0))
            motions[count] = piece.motion
            count += 1
        }
        self.key = key
    }

    /// Sets each band's offset and opacity at `progress` (one at which `timing` draws), lines of
    /// `lineHeight` pixels, within GTK's bounds.
    func move(_ timing: ContentChange.Timing, at progress: Double, lineHeight: Double) {
        timing.place(count, moving: motions, at: progress, offsets: offsets, opacities: opacities)
        for band in 0..<count {
            bands[band].dy = GtkLimits.offset(offsets[band] * lineHeight)
            bands[band].alpha = GtkLimits.opacity(opacities[band])
        }
    }
}

/// Where a label's characters are drawn, in the label's coordinates (from its Pango layout).
@MainActor
struct TextGeometry {
    /// The layout's left edge and width.
    var offset = 0.0
    var width = 0.0
    /// Per character: its left edge and width.
    var columns: [(x: Double, width: Double)] = []

    init() {}

    init(of label: OpaquePointer, text: String) {
        measure(label, text: text)
    }

    /// Reads the label's layout as drawn now (it shows `text`). O(characters).
    mutating func measure(_ label: OpaquePointer, text: String) {
        columns.removeAll(keepingCapacity: true)
        guard let layout = gtk_label_get_layout(label) else { return }
        var x: Int32 = 0
        var y: Int32 = 0
        gtk_label_get_layout_offsets(label, &x, &y)
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        offset = Double(x) + Double(logical.x)
        width = Double(logical.width)
        let scale = Double(PANGO_SCALE)
        var index: Int32 = 0
        for character in text {
            var position = PangoRectangle()
            pango_layout_index_to_pos(layout, index, &position)
            let left = Double(min(position.x, position.x + position.width)) / scale
            columns.append((Double(x) + left, Double(abs(position.width)) / scale))
            index += Int32(character.utf8.count)
        }
    }

    /// The band covering `characters` (nil when it covers none).
    func span(_ characters: Range<Int>) -> (x: Double, width: Double)? {
        let range = characters.clamped(to: 0..<columns.count)
        guard !range.isEmpty else { return nil }
        var left = Double.infinity
        var right = -Double.infinity
        for index in range {
            left = min(left, columns[index].x)
            right = max(right, columns[index].x + columns[index].width)
        }
        return (left, right - left)
    }
}
