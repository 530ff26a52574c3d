/** A finding names one of the check's messages and the data of its placeholders; the text is made here, and only here. */
export type MessageValue = string | number | null | MessageList;

/** Absent data leaves its placeholder as written. */
export type MessageData = Readonly<Record<string, MessageValue | undefined>>;

export interface MessagePart {
  readonly messageId: string;
  readonly data?: MessageData;
}

/** Several messages of the check shown in one placeholder, joined by `separator`: a list of problems. */
export interface MessageList {
  readonly parts: readonly MessagePart[];
  readonly separator: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/gu;

/** The text of `part` from the templates of `messages`; a placeholder without data stays as written. */
export function renderMessage(messages: Readonly<Record<string, string>>, part: MessagePart): string {
  const template = Object.hasOwn(messages, part.messageId) ? messages[part.messageId] : undefined;
  if (template === undefined)
    throw new Error(`no message ${JSON.stringify(part.messageId)} among the check's messages`);
  // Without data every placeholder stays as written: most findings of a passing check have none.
  const { data } = part;
  if (data === undefined) return template;
  return template.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = Object.hasOwn(data, name) ? data[name] : undefined;
    if (value === undefined) return placeholder;
    if (value !== null && typeof value === 'object')
      return value.parts.map((item) => renderMessage(messages, item)).join(value.separator);
    return String(value);
  });
}
