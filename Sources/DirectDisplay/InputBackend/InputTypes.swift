import Input

/// XKB rules, model, layout, variant and options naming a keyboard layout
/// (`KeymapNames(layout: "de")`), re-exported so apps need only DirectDisplay.
public typealias KeymapNames = Input.KeymapNames
/// Key repeat delay and rate.
public typealias KeyRepeatRate = Input.KeyRepeatRate
/// libinput's touch calibration matrix (`.rotated90`, `.rotated180`, …).
public typealias CalibrationMatrix = Input.CalibrationMatrix
