#pragma once
// Ctrl-C (SIGINT) or SIGTERM during a run: the files it was writing under
// temporary names (AtomicFile's "<path>.partial") are removed before the
// process dies of the signal, so an interrupted run leaves no empty or
// half-written file behind, and the outputs of an earlier run stand as they
// were. A second signal during the clean-up kills at once.
#include <string>

namespace servesim {

// Installs the handlers; call once, early in main.
void install_interrupt_cleanup();

// A file being written: removed if a signal comes before unregister. Returns
// a slot to unregister with, or -1 when the path is too long or every slot is
// taken (that file is then left behind, as before).
int register_partial_file(const std::string& path);
void unregister_partial_file(int slot);

}  // namespace servesim
