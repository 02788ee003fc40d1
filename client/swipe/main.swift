// swipe: the executable shell. Runs on the main thread; parses flags, checks them, and hands over
// to SwipeClient's SwipeApp (and, for `swipe demo`, starts SwipeServer in-process).
SwipeCommand.main()
