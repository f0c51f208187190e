import Foundation

/// What a table shows, as UIKit's `UITableViewDataSource`. `numberOfSections(in:)` (1) and
/// `tableView(_:titleForHeaderInSection:)` (nil) have defaults.
@MainActor public protocol TableViewDataSource: AnyObject {
    /// The number of sections (1 by default).
    func numberOfSections(in tableView: TableView) -> Int
    /// The number of rows of `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for a row: usually `tableView.dequeueReusableCell(withIdentifier:for:)`, configured.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// The title of the header of `section`; nil (the default): no header.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// What a table tells and asks as rows show and are selected, as UIKit's
/// `UITableViewDelegate` (a scroll view delegate too); every method has a default.
@MainActor public protocol TableViewDelegate: ScrollViewDelegate {
    /// The height of a row (the table's `rowHeight` by default).
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// A cell is about to show for a row.
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// A cell left the screen (or its row was reloaded or deleted).
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
    /// A tap is about to select a row: return it, another row to select instead, or nil for none.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// A tap selected a row.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// A tap is about to deselect a row: return it, or nil to keep it selected.
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// A tap deselected a row.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.rowHeight
    }
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(
        _ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath
    ) {}
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        indexPath
    }
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}

/// A vertical list of rows in sections, as UIKit's `UITableView` (plain style): a scroll view
/// whose data source says how many rows there are and gives a cell for each row that shows.
/// Only the rows on screen have cells; a cell that scrolls off goes to a reuse pool and comes
/// back out of `dequeueReusableCell(withIdentifier:for:)` for a row scrolling on. Rows are
/// placed from a running sum of their heights, so the row at an offset is a binary search and
/// 100,000 rows lay out at once. A tap selects a row; the row is highlighted while touched
/// (after the scroll view's content-touch delay). Section titles show as headers that stay
/// at the top while their section scrolls under them.
@MainActor open class TableView: ScrollView {
    /// How inserted or deleted rows animate, as UIKit's `UITableView.RowAnimation`, while the
    /// rows after them slide, over 0.3 s; `.none` changes at once.
    public enum RowAnimation: Int, Sendable {
        /// Inserted rows fade in, deleted ones fade out.
        case fade
        /// Inserted rows slide in from the right, deleted ones out to the right.
        case right
        /// Inserted rows slide in from the left, deleted ones out to the left.
        case left
        /// Inserted rows come down from a row's height above, fading in; deleted ones go up, fading out.
        case top
        /// Inserted rows come up from a row's height below, fading in; deleted ones go down, fading out.
        case bottom
        /// At once, no animation.
        case none
        /// As `.fade`.
        case middle
        /// As `.fade`.
        case automatic

        /// Where an inserted row comes from (or a deleted one goes to), from `frame`, and
        /// whether it fades.
        func away(from frame: CGRect) -> (frame: CGRect, fades: Bool) {
            switch self {
            case .left: (frame.offsetBy(dx: -frame.width, dy: 0), false)
            case .right: (frame.offsetBy(dx: frame.width, dy: 0), false)
            case .top: (frame.offsetBy(dx: 0, dy: -frame.height), true)
            case .bottom: (frame.offsetBy(dx: 0, dy: frame.height), true)
            case .fade, .none, .middle, .automatic: (frame, true)
            }
        }
    }

    /// Where `scrollToRow(at:at:animated:)` puts the row, as UIKit's `UITableView.ScrollPosition`.
    public enum ScrollPosition: Int, Sendable {
        /// As little scrolling as shows the row (none if it shows).
        case none
        case top
        case middle
        case bottom
    }

    /// The table's style, as UIKit's `UITableView.Style`; only the plain style is made here.
    public enum Style: Int, Sendable {
        case plain
    }

    /// Whether rows have a line at their bottom, as UIKit's `UITableViewCell.SeparatorStyle`.
    public enum SeparatorStyle: Int, Sendable {
        case none
        case singleLine
    }

    /// UIKit's default row height, in points.
    static let defaultRowHeight: CGFloat = 44
    /// How long row insertions and deletions animate, in seconds.
    static let rowAnimationDuration = 0.3
    /// The most rows a table holds; a data source saying more is cut to it (with a log line).
    static let maximumRowCount = 10_000_000

    /// Gives the rows; set, the table loads its rows anew at the next layout (as `reloadData()`).
    public weak var dataSource: (any TableViewDataSource)? {
        didSet { reloadData() }
    }

    /// The scroll view delegate; when it is a `TableViewDelegate` too, the table asks it for
    /// row heights and tells it of selection and display.
    public override weak var delegate: (any ScrollViewDelegate)? {
        didSet {
            tableDelegate = delegate as? any TableViewDelegate
            setNeedsReload()
        }
    }

    private weak var tableDelegate: (any TableViewDelegate)?

    /// The height of rows whose delegate gives none (44); a negative or non-finite height is refused.
    open var rowHeight: CGFloat = TableView.defaultRowHeight {
        didSet {
            guard rowHeight.isFinite, rowHeight >= 0 else {
                NonFiniteValueLog.refused(
                    "rowHeight", of: self, value: rowHeight, what: rowHeight.isFinite ? "negative" : "non-finite")
                rowHeight = oldValue
                return
            }
            if rowHeight != oldValue { setNeedsReload() }
        }
    }

    /// The height of a section header with a title (28); a negative or non-finite height is refused.
    open var sectionHeaderHeight: CGFloat = 28 {
        didSet {
            guard sectionHeaderHeight.isFinite, sectionHeaderHeight >= 0 else {
                NonFiniteValueLog.refused(
                    "sectionHeaderHeight", of: self, value: sectionHeaderHeight,
                    what: sectionHeaderHeight.isFinite ? "negative" : "non-finite")
                sectionHeaderHeight = oldValue
                return
            }
            if sectionHeaderHeight != oldValue { setNeedsReload() }
        }
    }

    /// Whether a tap selects a row (true).
    open var allowsSelection = true {
        didSet { if !allowsSelection { clearSelection() } }
    }

    /// Whether several rows may be selected at once, a tap on a selected row deselecting it (false).
    open var allowsMultipleSelection = false {
        didSet {
            if !allowsMultipleSelection, let first = indexPathForSelectedRow {
                for path in selectedRows where path != first { deselectRow(at: path, animated: false) }
            }
        }
    }

    private var geometry = TableRowGeometry() {
        didSet { tiled = nil }
    }
    /// Whether the geometry must be asked of the data source again.
    private var needsReload = true
    /// The cells showing, by the row they show.
    private var cellsByRow: [IndexPath: TableViewCell] = [:] {
        didSet { tiled = nil }
    }
    /// The rows and width the last tiling placed the cells for, while no cell came, went or
    /// changed rows and the geometry stayed: a scroll step showing the same rows (most steps
    /// of a flick) has nothing to tile.
    private var tiled: (rows: Range<Int>, width: CGFloat)?
    /// Cells off screen, hidden, by reuse identifier. They stay subviews: taking a cell out of
    /// the window would cancel the touch of a finger that landed on it and now scrolls the table.
    private var reusePool: [String: [TableViewCell]] = [:]
    private var registeredClasses: [String: TableViewCell.Type] = [:]
    private var selectedRows: Set<IndexPath> = []
    /// Cells fading out or sliding away after an update, hidden and pooled when it ends.
    private var disappearingCells: [TableViewCell] = []
    private var headersBySection: [Int: SectionHeaderView] = [:]
    private var headerPool: [SectionHeaderView] = []
    /// The touch on a row, and that row (highlighted).
    private var touchedRow: (touch: Touch, indexPath: IndexPath)?
    /// The problems already logged by this table (each is said once).
    private var loggedProblems: Set<String> = []

    /// A plain table.
    public override init(frame: CGRect = .zero) {
        style = .plain
        super.init(frame: frame)
        backgroundColor = .white
        alwaysBounceVertical = true
    }

    /// A table of `style` (only `.plain` exists here), as UIKit's `init(frame:style:)`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = .white
        alwaysBounceVertical = true
    }

    /// The style the table was made with.
    public let style: Style

    /// A light grey, UIKit's separator colour on white.
    static let defaultSeparatorColor = Color(white: 0.78)

    /// Whether rows show a line at their bottom (`.singleLine`).
    open var separatorStyle: SeparatorStyle = .singleLine {
        didSet { for cell in cellsByRow.values { applySeparator(to: cell) } }
    }

    /// The colour of the lines between rows (a light grey); nil: the default.
    open var separatorColor: Color? = TableView.defaultSeparatorColor {
        didSet { for cell in cellsByRow.values { applySeparator(to: cell) } }
    }

    private func applySeparator(to cell: TableViewCell) {
        let hidden = separatorStyle == .none
        if cell.separator.isHidden != hidden { cell.separator.isHidden = hidden }
        let color = separatorColor ?? Self.defaultSeparatorColor
        if cell.separator.backgroundColor != color { cell.separator.backgroundColor = color }
    }

    // MARK: Loading

    /// Loads the rows again from the data source: every cell is asked for anew at the next
    /// layout, and the selection is cleared (as UIKit's).
    open func reloadData() {
        clearSelection()
        for (indexPath, cell) in cellsByRow { retire(cell, from: indexPath) }
        cellsByRow = [:]
        for cell in disappearingCells { enqueue(cell) }
        disappearingCells = []
        // Titles are asked again too.
        for header in headersBySection.values {
            header.isHidden = true
            headerPool.append(header)
        }
        headersBySection = [:]
        setNeedsReload()
    }

    private func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    /// The rows' places, asked of the data source and delegate when marked stale.
    private func loadGeometryIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        geometry = makeGeometry(rowCounts: dataSourceRowCounts())
        updateContentSize()
        // Rows that no longer exist leave the selection and the screen.
        selectedRows = selectedRows.filter { geometry.globalRow($0) != nil }
        for (indexPath, cell) in cellsByRow where geometry.globalRow(indexPath) == nil {
            retire(cell, from: indexPath)
            cellsByRow[indexPath] = nil
        }
    }

    /// What the data source says now: the rows of each section (negative counts as 0, the
    /// total cut to `maximumRowCount`).
    private func dataSourceRowCounts() -> [Int] {
        guard let dataSource else { return [] }
        var sections = dataSource.numberOfSections(in: self)
        if sections < 0 {
            logOnce("negative sections", "numberOfSections(in:) returned \(sections): the table shows none")
            sections = 0
        }
        sections = min(sections, Self.maximumRowCount)
        var counts: [Int] = []
        counts.reserveCapacity(sections)
        var total = 0
        for section in 0..<sections {
            var count = dataSource.tableView(self, numberOfRowsInSection: section)
            if count < 0 {
                logOnce(
                    "negative rows",
                    "tableView(_:numberOfRowsInSection:) returned \(count) for section \(section): shown as 0")
                count = 0
            }
            if count > Self.maximumRowCount - total {
                logOnce(
                    "too many rows",
                    "the data source has more than \(Self.maximumRowCount) rows: the rest are not shown")
                count = Self.maximumRowCount - total
            }
            total += count
            counts.append(count)
        }
        return counts
    }

    private func makeGeometry(rowCounts: [Int]) -> TableRowGeometry {
        let titled = dataSource.map { dataSource in
            (0..<rowCounts.count).map { dataSource.tableView(self, titleForHeaderInSection: $0) != nil }
        }
        let headerHeight = sectionHeaderHeight
        let delegate = tableDelegate
        let rowHeight = self.rowHeight
        return TableRowGeometry(
            rowCounts: rowCounts, headerHeight: { titled?[$0] == true ? headerHeight : 0 },
            rowHeight: { section, row in
                guard let delegate else { return rowHeight }
                let height = delegate.tableView(self, heightForRowAt: IndexPath(row: row, section: section))
                if height.isFinite, height >= 0 { return height }
                NonFiniteValueLog.refused(
                    "tableView(_:heightForRowAt:)", of: self, value: height, kept: "the row is 0 points high",
                    what: height.isNaN ? "non-finite" : height.isFinite ? "negative" : "infinite")
                return 0
            })
    }

    private func updateContentSize() {
        let size = CGSize(width: bounds.width, height: geometry.height)
        if contentSize != size { contentSize = size }
    }

    /// Logs `message` the first time this table meets `problem`.
    private func logOnce(_ problem: String, _ message: String) {
        guard loggedProblems.insert(problem).inserted else { return }
        StderrLog.info("\(type(of: self)): \(message) (said once per table)")
    }

    /// Logs an index path given to `method` that is not a row of the table.
    private func logInvalid(_ indexPath: IndexPath, in method: String) {
        logOnce(
            "invalid \(method)",
            "\(method) was given \(indexPath), not a row of the table (\(geometry.numberOfSections) sections): ignored")
    }

    /// The number of sections, as the table last loaded them.
    public var numberOfSections: Int {
        loadGeometryIfNeeded()
        return geometry.numberOfSections
    }

    /// The number of rows of `section` as the table last loaded them (0 for no such section).
    public func numberOfRows(inSection section: Int) -> Int {
        loadGeometryIfNeeded()
        guard section >= 0, section < geometry.numberOfSections else { return 0 }
        return geometry.rowCounts[section]
    }

    // MARK: Cells and reuse

    /// Makes `dequeueReusableCell(withIdentifier:for:)` create cells of `cellClass` (style
    /// `.default`) for `identifier` when its pool is empty; nil forgets the class.
    open func register(_ cellClass: TableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        registeredClasses[identifier] = cellClass
    }

    /// A cell for `identifier`: one that left the screen (after its `prepareForReuse()`), or a
    /// new one of the registered class. With no class registered, a `.default` `TableViewCell`
    /// (logged once: UIKit raises).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        logOnce(
            "unregistered \(identifier)",
            "no cell class is registered for \"\(identifier)\" (register(_:forCellReuseIdentifier:)): "
                + "a default TableViewCell is given")
        return TableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// A cell for `identifier` from the pool (prepared for reuse) or of the registered class; nil if neither.
    open func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        if let cell = reusePool[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        return registeredClasses[identifier].map { $0.init(style: .default, reuseIdentifier: identifier) }
    }

    /// The cells showing, top to bottom.
    open var visibleCells: [TableViewCell] {
        layoutIfNeeded()
        return cellsByRow.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The index paths of the rows showing, top to bottom (nil when none, as UIKit's).
    open var indexPathsForVisibleRows: [IndexPath]? {
        loadGeometryIfNeeded()
        let rows = geometry.rows(from: bounds.minY, to: bounds.maxY)
        guard !rows.isEmpty else { return nil }
        return rows.map { geometry.indexPath(ofGlobalRow: $0) }
    }

    /// The cell showing `indexPath`; nil when the row is off screen or no row of the table.
    open func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        layoutIfNeeded()
        return cellsByRow[indexPath]
    }

    /// The row at `point` (in the table's coordinates: the content's); nil outside the rows.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        loadGeometryIfNeeded()
        guard point.isFinite, point.x >= 0, point.x < bounds.width, let row = geometry.globalRow(at: point.y) else {
            return nil
        }
        return geometry.indexPath(ofGlobalRow: row)
    }

    /// The rectangle of a row in the table's coordinates; `.null` for no such row.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        loadGeometryIfNeeded()
        guard let row = geometry.globalRow(indexPath) else { return .null }
        return geometry.rect(ofGlobalRow: row, width: bounds.width)
    }

    /// The cell showing `indexPath`'s row: the cell view given (or a subview of it); nil if
    /// `cell` shows no row.
    open func indexPath(for cell: TableViewCell) -> IndexPath? {
        cellsByRow.first { $0.value === cell }?.key
    }

    // MARK: Layout: the cells of the rows on screen

    /// Scrolling moves the bounds: the rows on screen change, so the cells are laid out again.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            super.bounds = newValue
            setNeedsLayout()
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        reloadIfTheDataSourceChanged()
        loadGeometryIfNeeded()
        updateContentSize()
        tile()
    }

    /// A data source whose counts changed without `reloadData()` (UIKit raises): said once,
    /// and the table shows what it says now.
    private func reloadIfTheDataSourceChanged() {
        guard !needsReload, let dataSource else { return }
        let sections = max(dataSource.numberOfSections(in: self), 0)
        var changed = sections != geometry.numberOfSections
        var section = 0
        while !changed, section < sections {
            changed = max(dataSource.tableView(self, numberOfRowsInSection: section), 0) != geometry.rowCounts[section]
            section += 1
        }
        guard changed else { return }
        logOnce(
            "count changed",
            "the data source's number of sections or rows changed without reloadData() or "
                + "insertRows/deleteRows(at:with:): the table shows what it says now")
        reloadData()
    }

    /// Gives the rows between the bounds' top and bottom cells (and only them), and places the headers.
    private func tile() {
        let rows = geometry.rows(from: bounds.minY, to: bounds.maxY)
        let width = bounds.width
        if let tiled, tiled.rows == rows, tiled.width == width { return tileHeaders() }
        // Cells of rows that left the screen go to the pool first, so the rows coming on reuse them.
        // (Taken out after the loop: removing while iterating copied the dictionary each time.)
        var left: [IndexPath] = []
        for (indexPath, cell) in cellsByRow {
            guard let row = geometry.globalRow(indexPath), rows.contains(row) else {
                retire(cell, from: indexPath)
                left.append(indexPath)
                continue
            }
        }
        for indexPath in left { cellsByRow[indexPath] = nil }
        for row in rows {
            let indexPath = geometry.indexPath(ofGlobalRow: row)
            let frame = geometry.rect(ofGlobalRow: row, width: width)
            if let cell = cellsByRow[indexPath] {
                if cell.frame != frame { cell.frame = frame }
            } else {
                _ = show(row: indexPath, at: frame)
            }
        }
        tiled = (rows, width)
        tileHeaders()
    }

    /// Asks the data source for `indexPath`'s cell and shows it at `frame`.
    private func show(row indexPath: IndexPath, at frame: CGRect) -> TableViewCell? {
        guard let dataSource else { return nil }
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        if let index = disappearingCells.firstIndex(where: { $0 === cell }) {
            // A cell on its way out given again (a data source keeping a cell per row): it stays.
            disappearingCells.remove(at: index)
            cell.alpha = 1
        } else if cellsByRow.values.contains(where: { $0 === cell }) {
            logOnce(
                "cell twice",
                "tableView(_:cellForRowAt:) gave a cell that already shows another row (for \(indexPath)): "
                    + "the row is left empty")
            return nil
        }
        // Behind the headers and the scroll indicators (a pooled cell is there already).
        if cell.superview !== self { insertSubview(cell, at: 0) }
        if cell.frame != frame { cell.frame = frame }
        cell.isHidden = false
        applySeparator(to: cell)
        cell.setSelected(selectedRows.contains(indexPath), animated: false)
        cellsByRow[indexPath] = cell
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        return cell
    }

    /// A cell stops showing `indexPath`: the delegate is told and the cell pooled.
    private func retire(_ cell: TableViewCell, from indexPath: IndexPath) {
        if let touchedRow, touchedRow.indexPath == indexPath {
            cell.setHighlighted(false, animated: false)
            self.touchedRow = nil
        }
        enqueue(cell)
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    /// Hides `cell` in the reuse pool of its identifier (a cell without one leaves the table).
    private func enqueue(_ cell: TableViewCell) {
        guard let identifier = cell.reuseIdentifier else { return cell.removeFromSuperview() }
        cell.isHidden = true
        if cell.isHighlighted { cell.setHighlighted(false, animated: false) }
        reusePool[identifier, default: []].append(cell)
    }

    // MARK: Section headers

    /// The header of each section on screen with a title: at the section's top, or held at
    /// the table's top while the section scrolls under it, pushed up by the next one.
    private func tileHeaders() {
        let sections =
            geometry.headerHeights.isEmpty ? 0..<0 : geometry.sections(from: bounds.minY, to: bounds.maxY)
        for (section, header) in headersBySection where !sections.contains(section) {
            header.isHidden = true
            headerPool.append(header)
            headersBySection[section] = nil
        }
        for section in sections {
            let height = geometry.headerHeights[section]
            guard height > 0 else { continue }
            let top = geometry.sectionTops[section]
            let end = geometry.sectionTops[section + 1]
            let y = min(max(top, bounds.minY + contentInset.top), end - height)
            let frame = CGRect(x: 0, y: y, width: bounds.width, height: height)
            let header: SectionHeaderView
            if let shown = headersBySection[section] {
                header = shown
            } else {
                header = headerPool.popLast() ?? SectionHeaderView()
                header.title.text = dataSource?.tableView(self, titleForHeaderInSection: section)
                header.isHidden = false
                headersBySection[section] = header
            }
            if header.frame != frame { header.frame = frame }
            // In front of the cells, which always go to the back.
            if header.superview !== self { addSubview(header) }
        }
    }

    // MARK: Scrolling to rows

    /// Scrolls so that `indexPath`'s row is at `scrollPosition` (`.none`: as little as shows
    /// it), within the scrollable range; an index path that is not a row is ignored (logged).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        loadGeometryIfNeeded()
        updateContentSize()
        guard let row = geometry.globalRow(indexPath) else {
            return logInvalid(indexPath, in: "scrollToRow(at:at:animated:)")
        }
        let rect = geometry.rect(ofGlobalRow: row, width: bounds.width)
        // A header held at the top covers the row's top: count it in.
        let header = geometry.headerHeights[indexPath.section]
        let visibleHeight = bounds.height - header
        let y: CGFloat
        switch scrollPosition {
        case .top: y = rect.minY - header
        case .middle: y = rect.midY - header - visibleHeight / 2
        case .bottom: y = rect.maxY - bounds.height
        case .none:
            if rect.minY < bounds.minY + header {
                y = rect.minY - header
            } else if rect.maxY > bounds.maxY {
                y = rect.maxY - bounds.height
            } else {
                return
            }
        }
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    // MARK: Selection

    /// The selected row (the first, when several are); nil for none.
    open var indexPathForSelectedRow: IndexPath? { selectedRows.min() }

    /// The selected rows, top to bottom; nil for none (as UIKit's).
    open var indexPathsForSelectedRows: [IndexPath]? {
        selectedRows.isEmpty ? nil : selectedRows.sorted()
    }

    /// Selects a row (without telling the delegate, as UIKit's), deselecting the others unless
    /// `allowsMultipleSelection`, and scrolls it to `scrollPosition` (`.none`: no scrolling).
    /// nil deselects every row; an index path that is not a row is ignored (logged).
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else { return clearSelection() }
        loadGeometryIfNeeded()
        guard geometry.globalRow(indexPath) != nil else {
            return logInvalid(indexPath, in: "selectRow(at:animated:scrollPosition:)")
        }
        guard allowsSelection else { return }
        if !allowsMultipleSelection {
            for path in selectedRows where path != indexPath { deselectRow(at: path, animated: animated) }
        }
        selectedRows.insert(indexPath)
        cellsByRow[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row (without telling the delegate, as UIKit's); one not selected or not a
    /// row is ignored.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selectedRows.remove(indexPath) != nil else { return }
        cellsByRow[indexPath]?.setSelected(false, animated: animated)
    }

    private func clearSelection() {
        for indexPath in selectedRows { cellsByRow[indexPath]?.setSelected(false, animated: false) }
        selectedRows = []
    }

    /// A tap on a row: selects it (or deselects it, with multiple selection), asking and
    /// telling the delegate as UIKit does.
    private func tapped(_ indexPath: IndexPath) {
        if allowsMultipleSelection, selectedRows.contains(indexPath) {
            guard let path = askWillDeselect(indexPath) else { return }
            deselectRow(at: path, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: path)
            return
        }
        guard let target = askWillSelect(indexPath) else { return }
        if !allowsMultipleSelection {
            for path in selectedRows.sorted() where path != target {
                guard let deselected = askWillDeselect(path) else { continue }
                deselectRow(at: deselected, animated: false)
                tableDelegate?.tableView(self, didDeselectRowAt: deselected)
            }
        }
        selectedRows.insert(target)
        cellsByRow[target]?.setSelected(true, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    private func askWillSelect(_ indexPath: IndexPath) -> IndexPath? {
        guard let delegate = tableDelegate else { return indexPath }
        guard let path = delegate.tableView(self, willSelectRowAt: indexPath) else { return nil }
        guard geometry.globalRow(path) != nil else {
            logInvalid(path, in: "tableView(_:willSelectRowAt:)")
            return nil
        }
        return path
    }

    private func askWillDeselect(_ indexPath: IndexPath) -> IndexPath? {
        guard let delegate = tableDelegate else { return indexPath }
        guard let path = delegate.tableView(self, willDeselectRowAt: indexPath), selectedRows.contains(path) else {
            return nil
        }
        return path
    }

    // MARK: Touches on rows

    /// A finger on a row highlights it (touches reach the table after the scroll view's
    /// content-touch delay, or at once when lifted before).
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard allowsSelection, touchedRow == nil, let touch = touches.first,
            let indexPath = indexPathForRow(at: touch.location(in: self)), let cell = cellsByRow[indexPath]
        else { return super.touchesBegan(touches, with: event) }
        touchedRow = (touch, indexPath)
        cell.setHighlighted(true, animated: false)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touchedRow, touches.contains(touchedRow.touch) else {
            return super.touchesMoved(touches, with: event)
        }
        // Highlighted while the finger stays on the row.
        let onRow = indexPathForRow(at: touchedRow.touch.location(in: self)) == touchedRow.indexPath
        cellsByRow[touchedRow.indexPath]?.setHighlighted(onRow, animated: false)
    }

    /// A finger lifted on the row it landed on selects it.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touchedRow, touches.contains(touchedRow.touch) else {
            return super.touchesEnded(touches, with: event)
        }
        self.touchedRow = nil
        cellsByRow[touchedRow.indexPath]?.setHighlighted(false, animated: false)
        guard indexPathForRow(at: touchedRow.touch.location(in: self)) == touchedRow.indexPath else { return }
        tapped(touchedRow.indexPath)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let touchedRow, touches.contains(touchedRow.touch) else {
            return super.touchesCancelled(touches, with: event)
        }
        self.touchedRow = nil
        cellsByRow[touchedRow.indexPath]?.setHighlighted(false, animated: false)
    }

    // MARK: Row updates

    /// Asks the data source again for the cells (and heights) of these rows: the old cells go
    /// and the new ones come as `animation` says (a crossfade for `.fade`), the rows after them
    /// sliding if their heights changed; the reloaded rows are deselected. Rows not in the
    /// table are ignored (logged).
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        updateRows(inserting: indexPaths, deleting: indexPaths, animation: animation, method: "reloadRows(at:with:)")
    }

    /// Inserts rows the data source now has at `indexPaths` (in the new numbering): the rows
    /// after them slide down and the new rows fade in (over 0.3 s on the display clock;
    /// `.none`: at once). Index paths not in the new table are ignored (logged); when the data
    /// source's counts do not match the change, the table reloads (logged; UIKit raises).
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        updateRows(inserting: indexPaths, deleting: [], animation: animation, method: "insertRows(at:with:)")
    }

    /// Deletes rows at `indexPaths` (in the old numbering) that the data source no longer
    /// has: they fade out while the rows after them slide up (over 0.3 s; `.none`: at once).
    /// Bad index paths and counts as for `insertRows(at:with:)`.
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        updateRows(inserting: [], deleting: indexPaths, animation: animation, method: "deleteRows(at:with:)")
    }

    private func countMismatch(in method: String) {
        logOnce(
            "mismatch \(method)",
            "after \(method) the data source's row counts do not match the rows inserted and deleted "
                + "(UIKit raises): the table reloads everything")
        reloadData()
    }

    private func updateRows(inserting: [IndexPath], deleting: [IndexPath], animation: RowAnimation, method: String) {
        loadGeometryIfNeeded()
        let old = geometry
        let counts = dataSourceRowCounts()
        guard counts.count == old.numberOfSections else { return countMismatch(in: method) }
        // Per section, the rows deleted (old numbering) and inserted (new numbering), sorted.
        var deleted = [[Int]](repeating: [], count: counts.count)
        var inserted = [[Int]](repeating: [], count: counts.count)
        for indexPath in Set(deleting) {
            guard old.globalRow(indexPath) != nil else {
                logInvalid(indexPath, in: method)
                continue
            }
            deleted[indexPath.section].append(indexPath.row)
        }
        for indexPath in Set(inserting) {
            let section = indexPath.section
            guard indexPath.count == 2, section >= 0, section < counts.count, indexPath.row >= 0,
                indexPath.row < counts[section]
            else {
                logInvalid(indexPath, in: method)
                continue
            }
            inserted[section].append(indexPath.row)
        }
        for section in 0..<counts.count {
            deleted[section].sort()
            inserted[section].sort()
            guard counts[section] == old.rowCounts[section] - deleted[section].count + inserted[section].count else {
                return countMismatch(in: method)
            }
        }
        let changes = RowChanges(deleted: deleted, inserted: inserted)
        geometry = makeGeometry(rowCounts: counts)
        updateContentSize()
        selectedRows = Set(selectedRows.compactMap(changes.newIndexPath(ofOld:)))
        if let touched = touchedRow {
            touchedRow = changes.newIndexPath(ofOld: touched.indexPath).map { (touched.touch, $0) }
        }

        // The cells showing before: kept for their rows' new places, or leaving.
        let width = bounds.width
        let shownRows = geometry.rows(from: bounds.minY, to: bounds.maxY)
        let animates = animation != .none && window?.screen != nil
        var moving: [(TableViewCell, CGRect)] = []
        var leaving: [(TableViewCell, CGRect)] = []
        var leavingMoves: [(TableViewCell, CGRect)] = []
        var previous = cellsByRow
        cellsByRow = [:]
        for (oldPath, cell) in previous.sorted(by: { $0.key < $1.key }) {
            guard let newPath = changes.newIndexPath(ofOld: oldPath), let row = geometry.globalRow(newPath) else {
                // Deleted: fades where it is.
                tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: oldPath)
                leaving.append((cell, cell.frame))
                continue
            }
            let frame = geometry.rect(ofGlobalRow: row, width: width)
            if shownRows.contains(row) {
                cellsByRow[newPath] = cell
                moving.append((cell, frame))
            } else {
                // Slides off screen to its new place, then is pooled.
                tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: oldPath)
                leavingMoves.append((cell, frame))
            }
        }
        previous = [:]
        disappearingCells += leaving.map(\.0) + leavingMoves.map(\.0)
        // Rows coming on screen: moved rows from where they were, inserted ones as `animation` says.
        var appearing: [(TableViewCell, CGRect)] = []
        View.performWithoutAnimation {
            for row in shownRows {
                let newPath = geometry.indexPath(ofGlobalRow: row)
                guard cellsByRow[newPath] == nil else { continue }
                let frame = geometry.rect(ofGlobalRow: row, width: width)
                if let oldPath = changes.oldIndexPath(ofNew: newPath), let oldRow = old.globalRow(oldPath) {
                    let from = old.rect(ofGlobalRow: oldRow, width: width)
                    if let cell = show(row: newPath, at: animates ? from : frame) { moving.append((cell, frame)) }
                } else {
                    let start = animation.away(from: frame)
                    if let cell = show(row: newPath, at: animates ? start.frame : frame), animates {
                        if start.fades { cell.alpha = 0 }
                        appearing.append((cell, frame))
                    }
                }
            }
        }
        // A leaving cell the data source gave again for a new row stays.
        leaving.removeAll { entry in cellsByRow.values.contains { $0 === entry.0 } }
        leavingMoves.removeAll { entry in cellsByRow.values.contains { $0 === entry.0 } }
        let disappearing = leaving.map(\.0) + leavingMoves.map(\.0)
        let changesToMake = {
            for (cell, frame) in moving where cell.frame != frame { cell.frame = frame }
            for (cell, frame) in appearing {
                if cell.frame != frame { cell.frame = frame }
                cell.alpha = 1
            }
            for (cell, frame) in leaving {
                let end = animation.away(from: frame)
                if cell.frame != end.frame { cell.frame = end.frame }
                if end.fades { cell.alpha = 0 }
            }
            for (cell, frame) in leavingMoves where cell.frame != frame { cell.frame = frame }
        }
        let finish: @MainActor (Bool) -> Void = { [weak self] _ in
            guard let self else { return }
            for cell in disappearing {
                guard let index = self.disappearingCells.firstIndex(where: { $0 === cell }) else { continue }
                self.disappearingCells.remove(at: index)
                self.enqueue(cell)
            }
        }
        if animates {
            View.animate(
                withDuration: Self.rowAnimationDuration, delay: 0, options: [], animations: changesToMake,
                completion: finish)
        } else {
            changesToMake()
            finish(true)
        }
        setNeedsLayout()
    }
}

/// The rows deleted and inserted in each section by one update, and how rows are numbered
/// before and after it.
struct RowChanges {
    /// Per section, sorted: rows deleted (old numbering) and inserted (new numbering).
    let deleted: [[Int]]
    let inserted: [[Int]]

    /// Where an old row is after the update; nil if deleted.
    func newIndexPath(ofOld indexPath: IndexPath) -> IndexPath? {
        let section = indexPath.section
        guard section >= 0, section < deleted.count else { return nil }
        let gone = deleted[section]
        let row = indexPath.row
        if Self.contains(gone, row) { return nil }
        // Its rank among the rows that stay, then the rank-th new place not taken by an insertion.
        var new = row - Self.count(gone, below: row)
        for place in inserted[section] {
            if place <= new { new += 1 } else { break }
        }
        return IndexPath(row: new, section: section)
    }

    /// Where a new row was before the update; nil if inserted.
    func oldIndexPath(ofNew indexPath: IndexPath) -> IndexPath? {
        let section = indexPath.section
        guard section >= 0, section < inserted.count else { return nil }
        let added = inserted[section]
        let row = indexPath.row
        if Self.contains(added, row) { return nil }
        var old = row - Self.count(added, below: row)
        for place in deleted[section] {
            if place <= old { old += 1 } else { break }
        }
        return IndexPath(row: old, section: section)
    }

    /// How many of the sorted `values` are below `value`.
    private static func count(_ values: [Int], below value: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private static func contains(_ values: [Int], _ value: Int) -> Bool {
        let index = count(values, below: value)
        return index < values.count && values[index] == value
    }
}

/// A plain section header: the title on a light grey bar, in front of the rows.
@MainActor final class SectionHeaderView: View {
    let title = Label()

    init() {
        super.init(frame: .zero)
        backgroundColor = Color(white: 0.97)
        title.font = .boldSystemFont(ofSize: 15)
        title.textColor = Color(white: 0.25)
        addSubview(title)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let frame = CGRect(
            x: TableViewCell.margin, y: 0, width: max(bounds.width - 2 * TableViewCell.margin, 0), height: bounds.height
        )
        if title.frame != frame { title.frame = frame }
    }
}
