/** Asks this process's scheduler to look for due connections now (a link just made one due). */
export abstract class CollectionWakeup {
  abstract wake(): void;
}
