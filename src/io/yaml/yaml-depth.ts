/**
 * The deepest nesting in a YAML text, estimated from its lines before the parser sees it: the
 * parser recurses once per level, and a file nested thousands of levels deep (a few kilobytes
 * of `[[[[` or of ever deeper indentation) would exhaust the stack, or worse, the process.
 * Counted: block levels (each deeper indentation, each `- ` or `? ` that opens a level on one
 * line) and flow levels (`[` or `{` where a value starts; `a[0]` inside a plain scalar is not
 * one). Quoted text, comments and block scalars (`|`, `>`) are passed over. An estimate that
 * may run a little high, never low for the usual forms; ordinary files stay in single digits.
 */
export function yamlNestingDepth(text: string, limit: number): { depth: number; line: number; column: number } | null {
  const indents: number[] = [];
  let flow = 0;
  let blockScalarIndent = -1;
  let lineNumber = 0;
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    lineNumber += 1;
    const line = text.slice(start, end);
    start = end + 1;
    let at = 0;
    while (line.charCodeAt(at) === 0x20) at += 1;
    const blank = at >= line.length || line.charCodeAt(at) === 0x23 || line.trim() === '';
    if (blockScalarIndent >= 0) {
      if (blank || at > blockScalarIndent) continue;
      blockScalarIndent = -1;
    }
    if (blank) continue;
    if (flow === 0) {
      while (indents.length > 0 && (indents[indents.length - 1] ?? 0) >= at) indents.pop();
      indents.push(at);
    }
    let depth = indents.length + flow;
    let valueStart = true;
    let quote = 0;
    for (let index = at; index < line.length; index += 1) {
      const code = line.charCodeAt(index);
      if (quote !== 0) {
        if (code === quote) quote = 0;
        else if (code === 0x5c && quote === 0x22) index += 1;
        continue;
      }
      if (code === 0x20 || code === 0x09) continue;
      if (valueStart && (code === 0x22 || code === 0x27)) {
        quote = code;
        valueStart = false;
        continue;
      }
      if (code === 0x23 && (index === 0 || line.charCodeAt(index - 1) === 0x20)) break;
      if (valueStart && (code === 0x5b || code === 0x7b)) {
        flow += 1;
        depth += 1;
      } else if (code === 0x5d || code === 0x7d) {
        if (flow > 0) flow -= 1;
        valueStart = false;
      } else if (
        flow === 0 &&
        valueStart &&
        (code === 0x2d || code === 0x3f) &&
        (index + 1 >= line.length || line.charCodeAt(index + 1) === 0x20)
      ) {
        depth += 1;
      } else if (
        code === 0x2c ||
        (code === 0x3a && (index + 1 >= line.length || line.charCodeAt(index + 1) === 0x20))
      ) {
        valueStart = true;
      } else if ((code === 0x7c || code === 0x3e) && valueStart && flow === 0) {
        blockScalarIndent = at;
        break;
      } else {
        valueStart = false;
      }
      if (depth > limit) return { depth, line: lineNumber, column: index + 1 };
    }
    if (depth > limit) return { depth, line: lineNumber, column: at + 1 };
  }
  return null;
}
