/** The findTire answer (docs/api/tire.md) and where each wheel sits in the drawing. */
export type { TireAnswer, TireWheel } from '../../domain/tire';

export { TIRE_MODEL } from '../../domain/tire';

/**
 * Grid cell of a wheel, positions in "Z" order from the left front. A car (2 columns): two
 * wheels a row. A truck (4 columns): the front axle on the outer columns, twin wheels behind.
 */
export function wheelCell(position: number, columns: 2 | 4): { row: number; column: number } {
  if (columns === 2) return { row: Math.floor(position / 2) + 1, column: (position % 2) + 1 };
  if (position < 2) return { row: 1, column: position === 0 ? 1 : 4 };
  return { row: Math.floor((position - 2) / 4) + 2, column: ((position - 2) % 4) + 1 };
}

/** The wheel's name key in the tire namespace: its place for 4 and 6 wheels, else a number. */
export function wheelNameKey(position: number, wheels: number): string {
  const car = ['frontLeft', 'frontRight', 'rearLeft', 'rearRight'];
  const truck = [
    'frontLeft',
    'frontRight',
    'rearLeftOuter',
    'rearLeftInner',
    'rearRightInner',
    'rearRightOuter',
  ];
  const names = wheels <= 4 ? car : wheels <= 6 ? truck : [];
  return names[position] ? `wheel.${names[position]}` : 'wheel.number';
}
