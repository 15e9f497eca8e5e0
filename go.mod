module github.com/gymlog/gymlog

go 1.26.0
