document.title = 'options';
