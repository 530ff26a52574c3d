/**
 * The texts of the JSON objects or arrays written one after the other in a text (white space
 * between them), as the OpenTelemetry `ConsoleSpanExporter` prints spans. null when something
 * other than white space stands between them or a value is left open. Only brackets outside
 * strings count; the values themselves are parsed by the caller.
 */
export function splitConcatenatedJson(text: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (depth === 0) {
      if (char === '{' || char === '[') {
        start = index;
        depth = 1;
      } else if (char !== ' ' && char !== '\n' && char !== '\r' && char !== '\t') return null;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) parts.push(text.slice(start, index + 1));
    }
  }
  return depth === 0 ? parts : null;
}
