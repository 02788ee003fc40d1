// The client's shells re-export its core: whoever imports SwipeClient (the `swipe` and
// `swipe-bench` executables, the end-to-end tests) sees the model, `update`, `view` and the
// picture values as before the core became a target of its own (docs/ARCHITECTURE.md).
@_exported import SwipeClientCore
