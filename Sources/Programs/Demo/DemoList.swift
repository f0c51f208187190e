import DirectDisplay
import Foundation

/// The demo's list: a panel (the orange subview) holding a title and a table of 1,000 rows.
/// A flick scrolls it with UIKit's deceleration; a tap selects a row (the grey selection and a
/// tick); a swipe left or right across a row marks it (a yellow background) or unmarks it.
///
/// stdout gets a line per selection (`demo: selected "Row 12"`), per swipe
/// (`demo: swiped "Row 12" right: marked`) and each time a coast ends
/// (`demo: list rested at offset 1234.5 ("Row 29" at the top) after 1.40 s:
/// 80 frames composed over 84 vblanks`): the frames the screen composed while the
/// list coasted, from its `frameStatistics`, against the refresh periods that passed.
@MainActor
package final class DemoList: TableViewDataSource, TableViewDelegate, GestureRecognizerDelegate {
    package static let rowCount = 1_000
    package static let markedColor = Color(red: 1, green: 0.9, blue: 0.45, alpha: 1)

    package let table: TableView
    /// One recognizer per direction (UIKit's idiom): each knows which way it went.
    private let swipes: [SwipeGestureRecognizer]
    /// Rows swiped an odd number of times.
    private var marked: Set<Int> = []
    /// When the current coast began: the monotonic time and the screen's composed-frame count.
    private var coastStart: (time: TimeInterval, framesComposed: Int)?

    /// The title and the table go over `panel` (the orange subview) in `root`, above `paint`, so
    /// touches on them reach the table and not the paint view under it.
    init(over panel: View, in root: View) {
        let frame = panel.frame.insetBy(dx: 10, dy: 10)
        let title = Label(frame: CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: 28))
        title.text = "1,000 rows: flick, tap, swipe"
        title.font = .boldSystemFont(ofSize: 18)
        title.textColor = .white
        title.isUserInteractionEnabled = false
        root.addSubview(title)

        table = TableView(
            frame: CGRect(
                x: frame.minX.rounded(), y: (frame.minY + 34).rounded(), width: frame.width.rounded(),
                height: (frame.height - 34).rounded()))
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        swipes = [SwipeGestureRecognizer.Direction.left, .right].map { direction in
            let swipe = SwipeGestureRecognizer()
            swipe.direction = direction
            return swipe
        }
        table.dataSource = self
        table.delegate = self
        for swipe in swipes {
            swipe.addTarget { [weak self] swipe in self?.swiped(swipe) }
            // A swipe and the table's own pan both follow the finger: a sideways swipe marks
            // the row while the pan scrolls what little the finger moved up or down.
            swipe.delegate = self
            table.addGestureRecognizer(swipe)
        }
        root.addSubview(table)
    }

    // MARK: Data source

    package func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { Self.rowCount }

    package func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = Self.title(of: indexPath.row)
        cell.accessoryType = tableView.indexPathForSelectedRow == indexPath ? .checkmark : .none
        cell.backgroundColor = marked.contains(indexPath.row) ? Self.markedColor : .white
        return cell
    }

    /// What a row shows: "Row 1" to "Row 1000".
    package static func title(of row: Int) -> String { "Row \(row + 1)" }

    // MARK: Selection

    package func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.cellForRow(at: indexPath)?.accessoryType = .checkmark
        DemoLog.write("demo: selected \"\(Self.title(of: indexPath.row))\"")
    }

    package func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
        tableView.cellForRow(at: indexPath)?.accessoryType = .none
    }

    // MARK: Swipes

    private func swiped(_ swipe: SwipeGestureRecognizer) {
        guard swipe.state == .ended, let indexPath = table.indexPathForRow(at: swipe.location(in: table)) else {
            return
        }
        let row = indexPath.row
        let marking = !marked.contains(row)
        if marking { marked.insert(row) } else { marked.remove(row) }
        table.cellForRow(at: indexPath)?.backgroundColor = marking ? Self.markedColor : .white
        let side = swipe.direction == .left ? "left" : "right"
        DemoLog.write("demo: swiped \"\(Self.title(of: row))\" \(side): \(marking ? "marked" : "unmarked")")
    }

    package func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        other === table.panGestureRecognizer && swipes.contains { $0 === gestureRecognizer }
    }

    // MARK: Coasting

    package func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
        guard let screen = scrollView.window?.screen else { return }
        coastStart = (ProcessInfo.processInfo.systemUptime, screen.frameStatistics.framesComposed)
    }

    package func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        guard let start = coastStart, let screen = scrollView.window?.screen else { return }
        coastStart = nil
        let seconds = ProcessInfo.processInfo.systemUptime - start.time
        let frames = screen.frameStatistics.framesComposed - start.framesComposed
        let vblanks = seconds * (screen.currentMode?.refreshRate ?? 60)
        let offset = scrollView.contentOffset.y
        let top = table.indexPathForRow(at: CGPoint(x: 1, y: offset)).map { Self.title(of: $0.row) } ?? "none"
        DemoLog.write(
            "demo: list rested at offset \(String(format: "%.1f", offset)) (\"\(top)\" at the top) after "
                + "\(String(format: "%.2f", seconds)) s: \(frames) frames composed over "
                + "\(Int(vblanks.rounded())) vblanks")
    }
}
