// https://vike.dev/client – the only script a page loads before the visitor does anything:
// the script layer (client/script-layer/), a few KB of plain DOM code with no React. It loads
// the React islands (the lead forms) on intent.
import '../script-layer/start'
