// Compiles nothing of its own: the object library servesim_test_pch exists to
// build the precompiled header that every test binary reuses (tests/CMakeLists.txt).
