import { randomBytes } from 'node:crypto';

/** Deterministic pseudo-random numbers and ids under a seed (mulberry32). */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Where the stream is, to continue it in another process ({@link Random.resume}). */
  position(): number {
    return this.state;
  }
  /** Continues the stream from a {@link Random.position}. */
  resume(position: number): void {
    this.state = position >>> 0;
  }
  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
  }
}

/** Seedable id generator: UUID v4-shaped ids, proposal numbers, boleto numbers. */
export class IdGenerator {
  private readonly random: Random;
  private proposalNumber = 100000;
  private boletoNumber = 5000000;
  constructor(seed: number) {
    this.random = new Random(seed);
  }
  /** Where the generator is: a restarted persistent sandbox continues from here, so no id is drawn twice. */
  snapshot(): { random: number; proposalNumber: number; boletoNumber: number } {
    return { random: this.random.position(), proposalNumber: this.proposalNumber, boletoNumber: this.boletoNumber };
  }
  /** Continues from a {@link IdGenerator.snapshot}. */
  restore(snapshot: { random: number; proposalNumber: number; boletoNumber: number }): void {
    this.random.resume(snapshot.random);
    this.proposalNumber = snapshot.proposalNumber;
    this.boletoNumber = snapshot.boletoNumber;
  }
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.random.int(0, 15).toString(16));
    hex[12] = '4';
    hex[16] = ((this.random.int(0, 15) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
  nextProposalNumber(): number {
    return ++this.proposalNumber;
  }
  nextBoletoNumber(): number {
    return ++this.boletoNumber;
  }
  /**
   * The unguessable path component of a boleto print URL: 128 bits from the system's CSPRNG, not
   * from the seeded stream (a seed is public, so tokens derived from it could be guessed; and drawing
   * from the stream would shift every id after it).
   */
  printToken(): string {
    return randomBytes(16).toString('hex');
  }
}
