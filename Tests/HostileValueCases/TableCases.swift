// Hostile-value cases: a table given non-finite, negative and huge heights and counts, index
// paths that are not rows, and counts changed behind its back, then flicked and tapped.
import DirectDisplay
import Foundation

/// Rows whose counts and heights a case sets; cells as the docs show them.
@MainActor private final class HostileRows: TableViewDataSource, TableViewDelegate {
    var sections = 1
    var rows = 50
    var height: CGFloat = 44
    var title: String? = "Section"

    func numberOfSections(in tableView: TableView) -> Int { sections }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "\(indexPath.section).\(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { title }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        indexPath.row % 2 == 0 ? height : 44
    }
}

extension HostileCase {
    static var tableCases: [HostileCase] {
        var cases: [HostileCase] = []
        let values = nonFiniteValues + [("negative", -1e6), ("huge", 1e300)]
        for (valueName, value) in values {
            let settings: [(String, @MainActor (TableView, HostileRows) -> Void)] = [
                ("row-height", { table, _ in table.rowHeight = value }),
                ("header-height", { table, _ in table.sectionHeaderHeight = value }),
                ("delegate-height", { _, rows in rows.height = value }),
            ]
            for (property, set) in settings {
                cases.append(HostileCase(name: "table-\(property)-\(valueName)") { try flicked(set) })
            }
        }
        let counts: [(String, @MainActor (TableView, HostileRows) -> Void)] = [
            ("rows-negative", { _, rows in rows.rows = -5 }),
            ("rows-most-negative", { _, rows in rows.rows = Int.min }),
            ("sections-negative", { _, rows in rows.sections = -1 }),
            ("rows-zero", { _, rows in rows.rows = 0 }),
            ("sections-zero", { _, rows in rows.sections = 0 }),
            // The counts change without reloadData, then insertions that do not add up.
            (
                "count-changed",
                { table, rows in
                    rows.rows = 3
                    table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
                    rows.rows = 200
                    table.deleteRows(at: [IndexPath(row: 5, section: 0)], with: .bottom)
                }
            ),
            (
                "index-paths",
                { table, _ in
                    let bad = [
                        IndexPath(row: Int.max, section: 0), IndexPath(row: 0, section: Int.min),
                        IndexPath(row: -1, section: -1), IndexPath(index: 3), IndexPath(),
                        IndexPath(indexes: [0, 1, 2]),
                    ]
                    for path in bad {
                        table.scrollToRow(at: path, at: .middle, animated: true)
                        table.selectRow(at: path, animated: true, scrollPosition: .bottom)
                        table.deselectRow(at: path, animated: true)
                        table.reloadRows(at: [path], with: .left)
                        _ = table.cellForRow(at: path)
                        _ = table.rectForRow(at: path)
                    }
                    table.insertRows(at: bad, with: .right)
                    table.deleteRows(at: bad, with: .top)
                    _ = table.indexPathForRow(at: CGPoint(x: CGFloat.nan, y: CGFloat.infinity))
                }
            ),
        ]
        for (name, set) in counts {
            cases.append(HostileCase(name: "table-\(name)") { try flicked(set) })
        }
        return cases
    }

    /// A 50-row table, `set` applied, reloaded, flicked, tapped and left to settle: nil when
    /// its geometry and cells stay sane.
    @MainActor private static func flicked(_ set: (TableView, HostileRows) -> Void) throws -> String? {
        let stage = HostileStage()
        let table = TableView(frame: stage.window.bounds)
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        let rows = HostileRows()
        table.dataSource = rows
        table.delegate = rows
        stage.window.addSubview(table)
        stage.display.runUntilIdle()
        set(table, rows)
        table.reloadData()
        stage.display.advanceTime(by: 1)
        stage.flickUpAndSettle()
        let display = stage.display
        display.touchDown(0, at: CGPoint(x: 100, y: 100), on: stage.screen)
        display.touchUp(0, at: CGPoint(x: 100, y: 100), on: stage.screen)
        _ = try stage.frame()
        let size = table.contentSize
        guard size.width.isFinite, size.height.isFinite, size.height >= 0 else { return "the content size is \(size)" }
        guard table.contentOffset.x.isFinite, table.contentOffset.y.isFinite else {
            return "the offset is \(table.contentOffset)"
        }
        let shown = table.indexPathsForVisibleRows ?? []
        let cells = table.visibleCells
        guard cells.count == shown.count else { return "\(cells.count) cells for \(shown.count) rows on screen" }
        for cell in cells where !(cell.frame.isFinite && cell.frame.height >= 0) {
            return "a cell's frame is \(cell.frame)"
        }
        return table.isDecelerating ? "still decelerating after 10 s" : nil
    }
}

extension CGRect {
    fileprivate var isFinite: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
