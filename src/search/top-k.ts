/**
 * Keeps the `limit` best (position, score) pairs offered to it, in O(n log limit): a min-heap
 * whose root is the worst kept pair. Ties go to the lower position, so the caller's order of
 * positions is the tie-breaker and results are deterministic.
 */
export class TopK {
  private readonly positions: number[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly limit: number) {}

  offer(position: number, score: number): void {
    if (this.limit <= 0) return;
    if (this.positions.length < this.limit) {
      this.positions.push(position);
      this.scores.push(score);
      this.siftUp(this.positions.length - 1);
    } else if (this.better(position, score, 0)) {
      this.positions[0] = position;
      this.scores[0] = score;
      this.siftDown(0);
    }
  }

  /** The kept pairs, best first. */
  sorted(): { position: number; score: number }[] {
    return this.positions
      .map((position, index) => ({ position, score: this.scores[index]! }))
      .sort((left, right) => right.score - left.score || left.position - right.position);
  }

  /** Whether (position, score) ranks above the kept pair at `index`. */
  private better(position: number, score: number, index: number): boolean {
    const other = this.scores[index]!;
    return score > other || (score === other && position < this.positions[index]!);
  }

  private siftUp(index: number): void {
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.better(this.positions[parent]!, this.scores[parent]!, index)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  private siftDown(index: number): void {
    const size = this.positions.length;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let worst = index;
      if (left < size && this.better(this.positions[worst]!, this.scores[worst]!, left)) worst = left;
      if (right < size && this.better(this.positions[worst]!, this.scores[worst]!, right)) worst = right;
      if (worst === index) return;
      this.swap(index, worst);
      index = worst;
    }
  }

  private swap(a: number, b: number): void {
    const position = this.positions[a]!;
    this.positions[a] = this.positions[b]!;
    this.positions[b] = position;
    const score = this.scores[a]!;
    this.scores[a] = this.scores[b]!;
    this.scores[b] = score;
  }
}
