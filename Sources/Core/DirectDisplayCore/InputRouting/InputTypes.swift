import InputModel
import Keyboard

/// XKB rules, model, layout, variant and options naming a keyboard layout
/// (`KeymapNames(layout: "de")`), re-exported so apps need only DirectDisplay.
public typealias KeymapNames = Keyboard.KeymapNames
/// Key repeat delay and rate.
public typealias KeyRepeatRate = InputModel.KeyRepeatRate
/// A touch device's calibration matrix, as libinput's (`.rotated90`, `.rotated180`, …).
public typealias CalibrationMatrix = InputModel.CalibrationMatrix
