// Replaced by the real command-line front end.
int main() { return 0; }
