import { render } from 'preact';
import { signal } from '@preact/signals';

const clicks = signal(0);

function App() {
  return (
    <main>
      <h1>Tianhei</h1>
      <button type="button" onClick={() => clicks.value++}>
        clicked {clicks} times
      </button>
    </main>
  );
}

render(<App />, document.getElementById('app')!);
