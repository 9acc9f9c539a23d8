import { starText } from "./ratings.ts";

/** A product's rating, read-only: stars, the average to one decimal, and how many rated it. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (!count || average === null) return <p className="rating">No ratings yet</p>;
  return (
    <p className="rating">
      <span className="rating__stars" aria-hidden="true">
        {starText(average)}
      </span>
      <span className="visually-hidden">Rated</span>
      <span className="rating__value">{average.toFixed(1)}</span>
      <span className="visually-hidden">out of 5</span>
      <span>
        ({count} {count === 1 ? "rating" : "ratings"})
      </span>
    </p>
  );
}

/** Five radio stars (5 first, shown reversed: see tips.css), named `rating`. */
export function StarInput({
  idPrefix,
  small,
  required,
  defaultValue,
}: {
  idPrefix: string;
  small?: boolean;
  required?: boolean;
  defaultValue?: number | null;
}) {
  return (
    <div className={`stars${small ? " stars--small" : ""}`}>
      {[5, 4, 3, 2, 1].map((n) => (
        <span key={n} className="stars__star">
          <input
            type="radio"
            name="rating"
            value={n}
            id={`${idPrefix}-${n}`}
            className="visually-hidden"
            required={required}
            defaultChecked={defaultValue === n}
          />
          <label htmlFor={`${idPrefix}-${n}`} title={`${n} ${n === 1 ? "star" : "stars"}`}>
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {n} {n === 1 ? "star" : "stars"}
            </span>
          </label>
        </span>
      ))}
    </div>
  );
}
