import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// The bands a `ContentLabel` hands its bin every frame of a content transition, in a buffer the
/// C bin reads as it is.
///
/// Where a band is drawn (its characters' columns, the old text's shift) depends on the change,
/// the label's layout and its alignment, not on the progress: it is worked out once (``build``)
/// and kept while the pieces cover the same characters and nothing it was measured from changed
/// (the caller compares the key it built for). A frame then only moves and fades the bands
/// (``move``). No allocation once the buffer has grown.
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
    /// The bands, `count` of them (those of the pieces that cover a character).
    @exclusivity(unchecked) private(set) var bands: UnsafeMutablePointer<UnisonContentPiece>
    @exclusivity(unchecked) private(set) var count = 0
    /// Per band, the index of its piece.
    @exclusivity(unchecked) private var pieceIndex: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var capacity: Int
    /// The pieces the bands were built for: their sources and characters, in order.
    @exclusivity(unchecked) private var layout: [(source: ContentChange.Source, characters: Range<Int>)] = []

    init() {
        capacity = 4
        bands = .allocate(capacity: capacity)
        pieceIndex = .allocate(capacity: capacity)
    }

    isolated deinit {
        bands.deallocate()
        pieceIndex.deallocate()
    }

    /// Whether the bands kept were built for `key` and pieces covering the characters `pieces` do.
    func fit(_ pieces: [ContentChange.Piece], key: Key) -> Bool {
        guard self.key == key, pieces.count == layout.count else { return false }
        for index in pieces.indices
        where pieces[index].source != layout[index].source || pieces[index].characters != layout[index].characters {
            return false
        }
        return true
    }

    /// Works the bands of `pieces` out (their offsets and opacities are set by ``move``): where the
    /// old text lines up with the new one for `change`, from the geometries of both texts as drawn.
    func build(
        _ pieces: [ContentChange.Piece], change: ContentChange, old: TextGeometry, new: TextGeometry, key: Key
    ) {
        if pieces.count > capacity {
            bands.deallocate()
            pieceIndex.deallocate()
            capacity = max(pieces.count, 2 * capacity)
            bands = .allocate(capacity: capacity)
            pieceIndex = .allocate(capacity: capacity)
        }
        // Where the old text lines up now: for rolling characters at the end they share, else at
        // the start they share, else (and for a cross-fade) by the label's alignment.
        let xalign = Double(key.xalign)
        let align =
            !change.transition.isNumeric ? xalign : change.commonSuffix > 0 ? 1 : change.commonPrefix > 0 ? 0 : xalign
        let oldDX = (new.offset + align * new.width) - (old.offset + align * old.width)
        layout.removeAll(keepingCapacity: true)
        count = 0
        for (index, piece) in pieces.enumerated() {
            layout.append((piece.source, piece.characters))
            let isOld = piece.source == .old
            guard let band = (isOld ? old : new).span(piece.characters) else { continue }
            // Within what GTK's float render nodes take (``GtkLimits``), whatever the layout gives.
            bands[count] = UnisonContentPiece(
                source: isOld ? UNISON_CONTENT_PIECE_OLD : UNISON_CONTENT_PIECE_NEW,
                x: GtkLimits.offset(band.x + (isOld ? oldDX : 0)), width: GtkLimits.offset(band.width), dy: 0,
                alpha: 0, old_dx: GtkLimits.offset(isOld ? oldDX : 0))
            pieceIndex[count] = index
            count += 1
        }
        self.key = key
    }

    /// Sets each band's offset and opacity from its piece's (`pieces` as ``fit`` accepted them),
    /// lines of `lineHeight` pixels, within GTK's bounds.
    func move(_ pieces: [ContentChange.Piece], lineHeight: Double) {
        // (No closure here, `withUnsafeBufferPointer`'s say: the frame path would check the actor it runs on.)
        for band in 0..<count {
            let piece = pieces[pieceIndex[band]]
            bands[band].dy = GtkLimits.offset(piece.offset * lineHeight)
            bands[band].alpha = GtkLimits.opacity(piece.opacity)
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
