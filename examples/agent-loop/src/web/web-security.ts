/**
 * The headers every response of the demo's page server carries. The policy allows the page's
 * own script and stylesheets and its own event stream and answers, nothing else: no inline script
 * or style (the cards' markup holds no `style` attribute and no script), no image, font, frame,
 * form or base URL, and markup reaches the DOM only through the one Trusted Types policy of the
 * page's script. The token in the URL stays out of `Referer` headers and caches.
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types toolpipe-cards',
  ].join('; '),
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
}
