/** A valid CPF from a 9-digit base (synthetic; the sandbox checks the check digits). */
export function syntheticCpf(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, digit, index) => acc + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}
