/** Said wherever pension figures would be shown but the calculation service cannot give them. */
export function FiguresUnavailable() {
  return (
    <div className="notice" role="status">
      <h2>Your pension figures are unavailable</h2>
      <p>
        We cannot work out your pension figures right now. Everything else is shown as usual. Please try again
        later.
      </p>
    </div>
  );
}
