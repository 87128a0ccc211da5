/** `text` as a regular-expression literal: every character that means something in a pattern escaped (names typed into queries). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
