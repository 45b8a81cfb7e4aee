/** A public answer as kept: its body and content type. */
export interface StoredAnswer {
  body: string;
  contentType: string;
}

/**
 * The isolate's own most recent answers, least recently used evicted first, bounded by the
 * memory their bodies take (a string may take two bytes a character), not by their number: an
 * isolate has 128 MB, and 200 answers of 256 K characters would have been 100 MB.
 */
export class RecentAnswers {
  private answers = new Map<string, StoredAnswer>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number,
    /** One answer larger than this is never kept. */
    readonly maxAnswerBytes: number,
  ) {}

  get(key: string): StoredAnswer | undefined {
    const answer = this.answers.get(key);
    if (answer) {
      // Most recently used last.
      this.answers.delete(key);
      this.answers.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: StoredAnswer): void {
    const size = sizeOf(answer);
    if (size > this.maxAnswerBytes) return;
    this.delete(key);
    this.answers.set(key, answer);
    this.bytes += size;
    for (const [oldest, old] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.answers.delete(oldest);
      this.bytes -= sizeOf(old);
    }
  }

  get size(): number {
    return this.answers.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const old = this.answers.get(key);
    if (!old) return;
    this.answers.delete(key);
    this.bytes -= sizeOf(old);
  }
}

function sizeOf(answer: StoredAnswer): number {
  return 2 * (answer.body.length + answer.contentType.length);
}
