console.warn('worker');
