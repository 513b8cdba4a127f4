/** `the macOS Keychain` → `The macOS Keychain`: a text that opens a sentence. */
export function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
