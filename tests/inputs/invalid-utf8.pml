active proctype Pé() {
}
