/**
 * How many bytes `text` takes in UTF-8, counted without encoding it; the count stops once it
 * passes `stopAbove` (a body checked against a limit need not be counted to its end). A lone
 * surrogate counts 3 bytes: encoders write it as U+FFFD.
 */
export const utf8Length = (text: string, stopAbove = Infinity): number => {
  let bytes = 0
  for (let i = 0; i < text.length && bytes <= stopAbove; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if ((c & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4 // a surrogate pair
      i++
    } else bytes += 3
  }
  return bytes
}
