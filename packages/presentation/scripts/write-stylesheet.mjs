// Writes dist/cards.css from the built package's `cardStylesheet`, so the stylesheet a page links
// (`@toolpipe/presentation/cards.css`) and the one `renderCardHtml` inlines are the same text.
import { writeFileSync } from 'node:fs'
import { cardStylesheet } from '../dist/index.js'

writeFileSync(new URL('../dist/cards.css', import.meta.url), cardStylesheet)
