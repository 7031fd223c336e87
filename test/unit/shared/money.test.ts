import { Field, ObjectType } from 'type-graphql';
import { SignJWT } from 'jose';
import { roundCents } from '../../../src/shared/money.js';

@ObjectType()
class Probe {
  @Field(() => String)
  name: string;
}

describe('roundCents', () => {
  it('rounds half up to the cent', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents('2.675')).toBe(2.68);
    expect(roundCents(-1.005)).toBe(-1.01);
  });
  it('runs decorators and ESM-only packages under jest', () => {
    expect(typeof SignJWT).toBe('function');
    expect(Reflect.getMetadata('design:type', Probe.prototype, 'name')).toBe(String);
  });
});
